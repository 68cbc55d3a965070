import http from 'node:http';
import https from 'node:https';
import { Webhook } from 'standardwebhooks';
import { guardedLookup, hostOf, literalRefused } from '../../../http/outgoing';
import type { TargetRules } from './targets';

/** One POST of a signed event to its receiver: no redirect followed, 10 s at most, the first 1 KB of the answer kept. */

export const DELIVERY_TIMEOUT_MS = 10_000;
export const RESPONSE_KEPT_BYTES = 1024;

export interface Attempt {
  /** The receiver's status code; null when no answer came (refused, timed out, not allowed). */
  status: number | null;
  ok: boolean;
  latencyMs: number;
  response: string;
}

export interface SignedMessage {
  url: string;
  messageId: string;
  secret: string;
  payload: string;
}

export function signatureHeaders(message: Pick<SignedMessage, 'messageId' | 'secret' | 'payload'>, sentAt: Date): Record<string, string> {
  const signature = new Webhook(message.secret).sign(message.messageId, sentAt, message.payload);
  return {
    'webhook-id': message.messageId,
    // Receivers check this stamp against their own clock (5 minutes either way): it is the real time of this try.
    'webhook-timestamp': String(Math.floor(sentAt.getTime() / 1000)),
    'webhook-signature': signature,
  };
}

export function deliver(message: SignedMessage, rules: TargetRules): Promise<Attempt> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const url = new URL(message.url);
  if (literalRefused(hostOf(url), rules))
    return Promise.resolve({ status: null, ok: false, latencyMs: 0, response: 'refused: the target is a private or local network address' });
  const body = Buffer.from(message.payload);
  const client = url.protocol === 'https:' ? https : http;
  return new Promise<Attempt>((resolve) => {
    let settled = false;
    const finish = (attempt: Omit<Attempt, 'latencyMs'>) => {
      if (settled) return;
      settled = true;
      resolve({ ...attempt, latencyMs: elapsed() });
    };
    const request = client.request(
      url,
      {
        method: 'POST',
        lookup: guardedLookup(rules) as never,
        timeout: DELIVERY_TIMEOUT_MS,
        headers: {
          'content-type': 'application/json',
          'content-length': String(body.length),
          'user-agent': 'hotel-guest-service-webhooks/1',
          ...signatureHeaders(message, new Date()),
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        let kept = 0;
        response.on('data', (chunk: Buffer) => {
          if (kept < RESPONSE_KEPT_BYTES) {
            chunks.push(chunk);
            kept += chunk.length;
          }
          // The rest of a long answer is not worth waiting for.
          if (kept >= RESPONSE_KEPT_BYTES) response.destroy();
        });
        const done = () => {
          const status = response.statusCode ?? null;
          const text = Buffer.concat(chunks).subarray(0, RESPONSE_KEPT_BYTES).toString('utf8');
          // 2xx only: a redirect is an answer, not a delivery, and is never followed.
          finish({ status, ok: status !== null && status >= 200 && status < 300, response: text });
        };
        response.on('end', done);
        response.on('close', done);
        response.on('error', done);
      },
    );
    // Counted from the start, not per socket idle time: a receiver that trickles bytes is cut off too.
    const deadline = setTimeout(() => request.destroy(new Error('timed out after 10 s')), DELIVERY_TIMEOUT_MS);
    request.on('timeout', () => request.destroy(new Error('timed out after 10 s')));
    request.on('error', (error: NodeJS.ErrnoException) => {
      const why = error.code === 'EPRIVATE' ? 'refused: the target resolves to a private or local network address' : error.message;
      finish({ status: null, ok: false, response: why.slice(0, RESPONSE_KEPT_BYTES) });
    });
    request.on('close', () => clearTimeout(deadline));
    request.end(body);
  });
}
