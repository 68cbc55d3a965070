import { readFileSync, readdirSync, readlinkSync } from 'node:fs';
import { SMTPServer } from 'smtp-server';

export interface CaughtMail {
  from: string;
  to: string[];
  raw: string;
  /** The body with quoted-printable soft breaks and escapes undone: enough to find links. */
  text: string;
}

/** A real SMTP receiver on loopback that keeps every message it is sent. */
export interface SmtpCatcher {
  port: number;
  messages: CaughtMail[];
  /** Every AUTH attempt with the credentials sent, right or wrong: what a rogue server would collect. */
  auths: { user: string; pass: string }[];
  waitFor(predicate: (mail: CaughtMail) => boolean, timeoutMs?: number): Promise<CaughtMail>;
  /** The most connections that were open at once. */
  peakConnections(): number;
  /** Connections open now. */
  openConnections(): number;
  /**
   * Holds every answer to a message's end of DATA from now until `resume`: a sender caught
   * mid-send stays so, and no sender has a message the server took and is still writing down
   * that it did.
   */
  pause(): void;
  /** Answers every message held; a `pause` right after holds only the messages that come later. */
  resume(): void;
  /**
   * The client ports of the connections whose message awaits its answer (a sender mid-send):
   * with `portsOf` (a process's own ports) a test knows whom a kill cuts off.
   */
  awaitingSenders(): number[];
  /** Resolves once some message awaits its answer: a sender is mid-send now. */
  midSend(): Promise<void>;
  /** Messages whose sender was gone before the answer came (killed mid-send): never taken, so not in `messages`. */
  abandoned(): number;
  /** Addresses refused at RCPT TO (550 mailbox unavailable), as a real server refuses a full or unknown mailbox; change it at will. */
  refuse: Set<string>;
  /** The addresses refused so far, one entry per refusal: a sender has tried and been told no. */
  refused: string[];
  close(): Promise<void>;
}

export interface SmtpOptions {
  requireAuth?: { user: string; pass: string };
  host?: string;
  /** Wait this long before greeting each connection: a slow mail server, so a call that sends mail stays in flight. */
  greetingDelayMs?: number;
  /** Refuse connections above this many at once (421), as real mail servers do. */
  maxClients?: number;
}

export async function startSmtp(options: SmtpOptions = {}): Promise<SmtpCatcher> {
  const messages: CaughtMail[] = [];
  const auths: { user: string; pass: string }[] = [];
  const waiters = new Set<() => void>();
  let open = 0;
  let peak = 0;
  const refuse = new Set<string>();
  const refusals: string[] = [];
  const closed = new Set<string>();
  let abandoned = 0;
  /** Open sessions whose message awaits its answer, by session id: the client's port. */
  const awaiting = new Map<string, number>();
  const midSendWaiters = new Set<() => void>();
  let paused: Promise<void> | undefined;
  let unpause = () => {};
  const server = new SMTPServer({
    ...(options.maxClients ? { maxClients: options.maxClients } : {}),
    disabledCommands: options.requireAuth ? ['STARTTLS'] : ['STARTTLS', 'AUTH'],
    authOptional: !options.requireAuth,
    allowInsecureAuth: true,
    logger: false,
    onConnect(_session, callback) {
      open++;
      peak = Math.max(peak, open);
      setTimeout(callback, options.greetingDelayMs ?? 0);
    },
    onClose(session) {
      closed.add(session.id);
      awaiting.delete(session.id);
      open--;
    },
    onRcptTo(address, _session, callback) {
      if (!refuse.has(address.address.toLowerCase())) return callback();
      refusals.push(address.address.toLowerCase());
      const refused: Error & { responseCode?: number } = new Error('Mailbox unavailable');
      refused.responseCode = 550;
      callback(refused);
    },
    onAuth(auth, _session, callback) {
      auths.push({ user: auth.username ?? '', pass: auth.password ?? '' });
      const ok = options.requireAuth && auth.username === options.requireAuth.user && auth.password === options.requireAuth.pass;
      callback(ok ? null : new Error('Invalid username or password'), ok ? { user: auth.username } : undefined);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const mail: CaughtMail = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
          text: decodeQuotedPrintable(raw),
        };
        void (async () => {
          awaiting.set(session.id, session.remotePort);
          midSendWaiters.forEach((w) => w());
          midSendWaiters.clear();
          // Held by the pause it met: a resume answers it even if another pause follows at once.
          if (paused) await paused;
          awaiting.delete(session.id);
          // A message is the server's only once it answers 250; a sender gone before that never handed it over.
          if (closed.has(session.id)) {
            abandoned++;
            return callback(new Error('Connection closed'));
          }
          messages.push(mail);
          waiters.forEach((w) => w());
          callback();
        })();
      });
    },
  });
  // A sender killed mid-conversation resets its connection (ECONNRESET): the session just ends (onClose).
  server.on('error', () => undefined);
  await new Promise<void>((resolve) => server.listen(0, options.host ?? '127.0.0.1', resolve));
  const port = (server.server.address() as { port: number }).port;
  return {
    port,
    messages,
    auths,
    waitFor(predicate, timeoutMs = 10_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = messages.find(predicate);
          if (found) {
            waiters.delete(check);
            clearTimeout(timer);
            resolve(found);
          }
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error('no matching e-mail arrived'));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    peakConnections: () => peak,
    openConnections: () => open,
    pause() {
      paused ??= new Promise<void>((resolve) => (unpause = resolve));
    },
    resume() {
      paused = undefined;
      unpause();
    },
    awaitingSenders: () => [...awaiting.values()],
    midSend: () => (awaiting.size ? Promise.resolve() : new Promise<void>((resolve) => midSendWaiters.add(resolve))),
    abandoned: () => abandoned,
    refuse,
    refused: refusals,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

function decodeQuotedPrintable(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/**
 * The local TCP ports of a running process's sockets (Linux: its descriptors in /proc matched
 * with the kernel's socket table): which SMTP connections are that process's.
 */
export function portsOf(pid: number): Set<number> {
  const inodes = new Set<string>();
  try {
    for (const fd of readdirSync(`/proc/${pid}/fd`)) {
      const target = (() => {
        try {
          return readlinkSync(`/proc/${pid}/fd/${fd}`);
        } catch {
          return '';
        }
      })();
      const inode = /^socket:\[(\d+)\]$/.exec(target)?.[1];
      if (inode) inodes.add(inode);
    }
  } catch {
    return new Set();
  }
  const ports = new Set<number>();
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    for (const line of readFileSync(table, 'utf8').split('\n').slice(1)) {
      const cols = line.trim().split(/\s+/);
      if (cols.length > 9 && inodes.has(cols[9])) ports.add(parseInt(cols[1].split(':').pop()!, 16));
    }
  }
  return ports;
}

/** The Message-ID header of a message, with its angle brackets. */
export function messageIdOf(mail: CaughtMail): string | undefined {
  return /^Message-ID:\s*(<[^>\r\n]+>)/im.exec(mail.raw)?.[1];
}

/** The text part of a message as a reader sees it (nodemailer sends UTF-8 as base64 or quoted-printable). */
export function bodyOf(mail: CaughtMail): string {
  const [head, ...rest] = mail.raw.split(/\r?\n\r?\n/);
  const body = rest.join('\n\n');
  if (/content-transfer-encoding:\s*base64/i.test(head)) return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  const bytes = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}
/** The Subject header, RFC 2047 words decoded. */
export function subjectOf(mail: CaughtMail): string {
  const raw = /^Subject: (.*(?:\r?\n[ \t].*)*)/im.exec(mail.raw)![1].replace(/\r?\n[ \t]/g, ' ');
  return raw.replace(/=\?utf-8\?([BQ])\?([^?]*)\?=\s*/gi, (_, enc: string, text: string) =>
    enc.toUpperCase() === 'B' ? Buffer.from(text, 'base64').toString('utf8') : Buffer.from(text.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (__, h: string) => String.fromCharCode(parseInt(h, 16))), 'latin1').toString('utf8'),
  );
}
