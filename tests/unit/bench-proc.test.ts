import { describe, expect, it } from 'vitest';
import { connectionsPerTarget } from '../../bench/lib/load';
import { cpuBetween, isBackendOf, parseProcStat } from '../../bench/lib/proc';

describe("the benches' readings of /proc", () => {
  it('reads the parent, utime and stime after a command name holding spaces and parentheses', () => {
    // Fields: pid (comm) state ppid pgrp session tty tpgid flags minflt cminflt majflt cmajflt utime stime …
    const stat = '4242 (node (main) x) S 4200 4242 4242 0 -1 4194304 1520 0 3 0 1234 56 0 0 20 0 11 0 7777 1 2';
    expect(parseProcStat(stat)).toEqual({ ppid: 4200, user: 12_340, system: 560 });
  });

  it('sums CPU over the processes there after the run, a new one from 0 and a gone one not at all', () => {
    const before = new Map([
      [10, 100],
      [11, 50],
    ]);
    const after = new Map([
      [10, 130],
      [12, 20],
    ]);
    expect(cpuBetween(before, after)).toBe(50);
  });

  it("knows a backend of one database by PostgreSQL's process title, with or without a cluster name", () => {
    expect(isBackendOf('postgres: postgres scale_ab12 127.0.0.1(51234) idle\0\0\0', 'scale_ab12')).toBe(true);
    expect(isBackendOf('postgres: main: postgres scale_ab12 127.0.0.1(51234) SELECT', 'scale_ab12')).toBe(true);
    expect(isBackendOf('postgres: postgres other_db 127.0.0.1(51234) idle', 'scale_ab12')).toBe(false);
    expect(isBackendOf('postgres: checkpointer', 'scale_ab12')).toBe(false);
    expect(isBackendOf('/usr/lib/postgresql/15/bin/postgres -D /work/pgshared', 'scale_ab12')).toBe(false);
  });
});

describe('connections spread over server processes in turn', () => {
  it('gives the first processes one more when they do not divide evenly', () => {
    expect(connectionsPerTarget(10, 1)).toEqual([10]);
    expect(connectionsPerTarget(10, 2)).toEqual([5, 5]);
    expect(connectionsPerTarget(10, 3)).toEqual([4, 3, 3]);
  });
});
