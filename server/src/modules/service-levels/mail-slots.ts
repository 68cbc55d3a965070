/**
 * Escalations whose e-mails go out at once, per process. A burst (the catch-up after a
 * restart, a busy evening) must not open one SMTP connection per escalation: mail
 * servers refuse connections above a few (421), and a refused e-mail is lost. The live
 * event does not wait for this: it goes out when the escalation is claimed.
 */
export const MAIL_CONCURRENCY = 4;

/** The e-mail sends of one scheduler: at most MAIL_CONCURRENCY at once, in the order asked, each tracked until it ends. */
export class MailSlots {
  /** A stop's wait ran out: no e-mail starts any more. */
  cutOff = false;
  private readonly mails = new Set<Promise<void>>();
  private freeSlots = MAIL_CONCURRENCY;
  private readonly waitingForSlot: (() => void)[] = [];

  /** Runs `work` in a slot (see inSlot) and tracks it until it ends (a stop waits for it). */
  send(work: () => Promise<void>): Promise<void> {
    const sending = this.inSlot(work);
    this.mails.add(sending);
    void sending.finally(() => this.mails.delete(sending));
    return sending;
  }

  /** The sends under way or waiting for a slot. */
  pending(): Promise<void>[] {
    return [...this.mails];
  }

  /** Runs `work` when one of the MAIL_CONCURRENCY slots is free, in the order asked. */
  private async inSlot(work: () => Promise<void>): Promise<void> {
    if (this.freeSlots > 0) this.freeSlots--;
    else await new Promise<void>((resolve) => this.waitingForSlot.push(resolve));
    try {
      // The stop's wait is over: what has not begun stays held in its row, for a retry once the hold runs out.
      if (!this.cutOff) await work();
    } finally {
      const next = this.waitingForSlot.shift();
      if (next) next();
      else this.freeSlots++;
    }
  }
}
