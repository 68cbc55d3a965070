// What other features use of live: the lists' live controls (new rows, connection, sound).
export { LiveControls } from './LiveControls';
