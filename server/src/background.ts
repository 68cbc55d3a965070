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
