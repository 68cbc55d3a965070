import { isDatabaseUnavailable } from './db/client';
import { loggableError } from './db/errors';

/**
 * Work a call starts and does not wait for: the e-mails sent after the answer (a reset
 * link, a finished request's note to the guest). A stop waits for it, up to a limit,
 * before the database closes: a stop signal right after a guest's request is completed
 * must not lose the guest's e-mail.
 */
export class BackgroundWork {
  private readonly running = new Set<Promise<void>>();

  /** Runs `task` on its own; its failure goes to `onError`, never to the caller. */
  run(task: () => Promise<unknown>, onError: (error: unknown) => void): void {
    const done: Promise<void> = task()
      .then(() => undefined, onError)
      .finally(() => this.running.delete(done));
    this.running.add(done);
  }

  /** Waits for the work under way (and any it starts) for at most `ms`; returns how much is left unfinished. */
  async drain(ms: number): Promise<number> {
    const deadline = Date.now() + ms;
    while (this.running.size > 0 && Date.now() < deadline) {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const timeout = new Promise<void>((resolve) => (timer = setTimeout(resolve, deadline - Date.now())));
      await Promise.race([Promise.allSettled([...this.running]), timeout]);
      clearTimeout(timer);
    }
    return this.running.size;
  }
}

/**
 * How a job that runs on its own (a routing run, an escalation tick, a webhook delivery run)
 * logs a failure. A database outage is the same warning a call answered 503 logs, with the
 * job's name: a restart reads as one event across the log, not as a failure of each job.
 * Either way the next run tries again; the entry carries the error's code, never its query.
 */
export function logJobFailure(log: { warn(obj: unknown, msg?: string): void }, job: string, error: unknown): void {
  if (isDatabaseUnavailable(error)) log.warn({ job, err: loggableError(error) }, 'database unavailable');
  else log.warn({ job, err: loggableError(error) }, `${job} failed`);
}
