// What other features use of routing: its strings (Home's held-by-an-off-shift-worker tile shares them).
import './strings';
