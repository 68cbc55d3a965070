import type { FastifyInstance, FastifyReply } from 'fastify';
import { type Language, StreamSignal } from '@shared';
import { type Clock, systemClock } from '../clock';
import type { Config } from '../config';
import type { AppContext } from '../context';
import { clientAddressKey } from '../http/client-address';
import { AppError } from '../http/errors';
import { defineMessages } from '../i18n/localize';

/** How long a reconnecting EventSource waits, and how often a comment keeps proxies from closing an idle stream. */
const RETRY_MS = 3000;
const HEARTBEAT_MS = 20_000;
/** What a refused client is asked to wait before trying again (seconds). */
const REFUSED_RETRY_AFTER = 30;

export const streamMessages = defineMessages({
  tooMany: {
    en: 'Too many live connections are open from here. Close other pages of this site or try again in a minute.',
    ar: 'هناك اتصالات مباشرة كثيرة مفتوحة من هنا. أغلق الصفحات الأخرى لهذا الموقع أو حاول مرة أخرى بعد دقيقة.',
  },
  requestFinished: {
    en: 'This request was finished more than a day ago, so its page no longer updates live. Reload the page to see its latest state.',
    ar: 'انتهى هذا الطلب منذ أكثر من يوم، لذا لم تعد صفحته تتحدث مباشرة. أعد تحميل الصفحة لرؤية آخر حالة له.',
  },
  serverBusy: {
    en: 'The server has too many live connections open. Please try again shortly.',
    ar: 'لدى الخادم اتصالات مباشرة كثيرة مفتوحة. يرجى المحاولة مرة أخرى بعد قليل.',
  },
});

/** A live stream whose event names and payloads are those of `Events` (StaffStreamEvents or GuestStreamEvents in shared/). */
export interface EventStream<Events extends object = Record<string, unknown>> {
  send<K extends keyof Events & string>(event: K, data: Events[K]): void;
  /** Called once when the stream ends, whoever ended it. */
  onEnd(cleanup: () => void): void;
  /** Ends the stream at this time (ms since the epoch), telling the client to reconnect. */
  endAt(time: number): void;
}

/**
 * Whether a guest's request still gets a live stream: an open one always, a finished
 * one (Completed, Rejected) only for a while after its last change. Its page shows
 * the final state without one, and old links kept open would otherwise hold streams forever.
 */
export function guestStreamAllowed(request: { status: string; updatedAt: Date }, finishedStreamMs: number, now: number): boolean {
  const finished = request.status === 'Completed' || request.status === 'Rejected';
  return !finished || now - request.updatedAt.getTime() <= finishedStreamMs;
}

/** Who a stream is for: every key present is capped (Config.streams). */
export interface StreamOwner {
  address: string;
  userId?: number;
  requestId?: string;
  /** A worker's phone: capped as a staff user is. */
  deviceId?: string;
}

/**
 * Every open server-sent event stream of one app, with their caps: per client
 * address, per user, per guest request and in all. A stream that carried no event
 * for `idleMs` ends, as do all streams at shutdown; each end first sends a
 * `reconnect` event, so a client knows to come back (a staff client with a new
 * ticket; a plain EventSource reconnects by itself).
 */
export class StreamHub {
  private readonly ends = new Set<() => void>();
  private readonly counts = new Map<string, number>();
  /** The ends set for a moment of the clock (endAt), for endDue. */
  private readonly timedEnds = new Set<{ at: number; end: () => void }>();

  constructor(
    private readonly limits: Config['streams'],
    /** Stream ends are moments of the server's clock (a token's expiry); the timer waits the real time to them. */
    private readonly clock: Clock = systemClock,
  ) {}

  get size(): number {
    return this.ends.size;
  }

  /** How many of the streams guests (anyone without a login) may hold: the rest is the staff's reserve. */
  private get guestCap(): number {
    return Math.max(1, Math.floor((this.limits.total * this.limits.guestSharePercent) / 100));
  }

  /** The counts a stream of `owner` adds to; the first, for guests, is a share of the server's cap. */
  private keysOf(owner: StreamOwner): [key: string, max: number][] {
    const keys: [string, number][] = [];
    if (owner.requestId !== undefined) keys.push([GUESTS_KEY, this.guestCap]);
    // An IPv6 client holds a whole /64: counted as one address.
    keys.push([`address ${clientAddressKey(owner.address)}`, this.limits.perAddress]);
    if (owner.userId !== undefined) keys.push([`user ${owner.userId}`, this.limits.perUser]);
    if (owner.deviceId !== undefined) keys.push([`device ${owner.deviceId}`, this.limits.perUser]);
    if (owner.requestId !== undefined) keys.push([`request ${owner.requestId}`, this.limits.perRequest]);
    return keys;
  }

  private refusalOf(owner: StreamOwner): AppError | undefined {
    const full = (key: string, max: number) => (this.counts.get(key) ?? 0) >= max;
    const keys = this.keysOf(owner);
    if (this.ends.size >= this.limits.total || keys.some(([key, max]) => key === GUESTS_KEY && full(key, max))) return new AppError(503, streamMessages.serverBusy);
    if (keys.some(([key, max]) => full(key, max))) return new AppError(429, streamMessages.tooMany);
    return undefined;
  }

  /** Answers 429 (a cap of this owner) or 503 (the server's cap) when `owner` may not open one more stream; true if it did. */
  refused(reply: FastifyReply, owner: StreamOwner, lang: Language): boolean {
    const refusal = this.refusalOf(owner);
    if (!refusal) return false;
    // The connection closes too: a client refused a stream would otherwise keep a socket (a descriptor) open here.
    void reply.code(refusal.statusCode).header('retry-after', String(REFUSED_RETRY_AFTER)).header('connection', 'close').send(refusal.body(lang));
    return true;
  }

  /**
   * Opens a stream on the reply, or answers 429/503 and returns undefined. The check
   * and the count are one synchronous step, so concurrent opens cannot overshoot.
   */
  open<Events extends object>(reply: FastifyReply, owner: StreamOwner, lang: Language): EventStream<Events> | undefined {
    if (this.refused(reply, owner, lang)) return undefined;
    const { clock, timedEnds } = this;
    const keys = this.keysOf(owner).map(([key]) => key);
    for (const key of keys) this.counts.set(key, (this.counts.get(key) ?? 0) + 1);

    reply.hijack();
    const raw = reply.raw;
    raw.writeHead(200, {
      ...(reply.getHeaders() as Record<string, string>),
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      // nginx and similar proxies buffer responses unless told not to.
      'x-accel-buffering': 'no',
    });
    raw.write(`retry: ${RETRY_MS}\n: connected\n\n`);
    const cleanups: (() => void)[] = [];
    const heartbeat = setInterval(() => raw.write(': ping\n\n'), HEARTBEAT_MS);
    let ended = false;
    const end = () => {
      if (ended) return;
      ended = true;
      clearInterval(heartbeat);
      clearTimeout(idle);
      this.ends.delete(endWithHint);
      for (const key of keys) {
        const left = (this.counts.get(key) ?? 1) - 1;
        if (left > 0) this.counts.set(key, left);
        else this.counts.delete(key);
      }
      for (const cleanup of cleanups) cleanup();
      if (!raw.writableEnded) raw.end();
    };
    const write = (event: string, data: unknown) => {
      if (!ended && raw.writable) raw.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    };
    const endWithHint = () => {
      write(StreamSignal.reconnect, {});
      end();
    };
    const idle = setTimeout(endWithHint, this.limits.idleMs);
    this.ends.add(endWithHint);
    raw.on('close', end);
    raw.on('error', end);
    return {
      send(event, data) {
        write(event, data);
        idle.refresh();
      },
      onEnd(cleanup) {
        cleanups.push(cleanup);
      },
      endAt(time) {
        const timer = setTimeout(endWithHint, Math.max(0, time - clock.now().getTime()));
        const timed = { at: time, end: endWithHint };
        timedEnds.add(timed);
        cleanups.push(() => {
          clearTimeout(timer);
          timedEnds.delete(timed);
        });
      },
    };
  }

  /** Ends every open stream with a `reconnect` hint (shutdown). */
  endAll(): void {
    for (const end of [...this.ends]) end();
  }

  /**
   * Ends, with a `reconnect` hint, every stream set to end by `now` (endAt: a token's expiry).
   * Their timers wait the real time to that moment, computed when set: a test clock moved past
   * it (POST /api/Test/Clock) has them end now instead.
   */
  endDue(now: number): void {
    for (const timed of [...this.timedEnds]) if (timed.at <= now) timed.end();
  }
}

const GUESTS_KEY = 'guests';

const hubs = new WeakMap<AppContext, StreamHub>();

/** The stream hub of an app (one per context, shared by every plugin of the app). */
export function streamHub(app: FastifyInstance): StreamHub {
  let hub = hubs.get(app.ctx);
  if (!hub) {
    const created = new StreamHub(app.ctx.config.streams, app.ctx.clock);
    hubs.set(app.ctx, created);
    // An open stream would otherwise hold app.close() up.
    app.addHook('preClose', async () => created.endAll());
    hub = created;
  }
  return hub;
}

/** Ends every open event stream of the app with a `reconnect` hint: for shutdown, before the server stops. */
export function endAllStreams(app: FastifyInstance): void {
  hubs.get(app.ctx)?.endAll();
}

/** Ends the app's event streams due to end by `now` (a token that expired): timed work the test clock runs when moved. */
export function endStreamsDue(app: FastifyInstance, now: Date): void {
  hubs.get(app.ctx)?.endDue(now.getTime());
}
