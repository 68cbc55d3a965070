import type { Clock } from '../../../clock';
import { ApaleoReservation } from './apaleo-reservation';

/** How long one call to apaleo may take before it counts as unreachable. */
const CALL_TIMEOUT_MS = 10_000;
/** A token is renewed this long before apaleo says it expires (clocks drift; a call takes time). */
const EXPIRY_MARGIN_MS = 60_000;

export interface ApaleoCredentials {
  clientId: string;
  clientSecret: string;
}

/** Why apaleo could not be read: each is answered differently (503 retry, 502, 404). */
export class ApaleoError extends Error {
  constructor(readonly reason: 'unreachable' | 'credentials' | 'bad-answer' | 'not-found') {
    super(`apaleo: ${reason}`);
  }
}

interface CachedToken {
  token: string;
  /** The credentials it was issued for: changed settings never reuse an old token. */
  key: string;
  expiresAt: number;
}

/**
 * apaleo's Booking API, read with a hotel's own client credentials (OAuth 2.0 client
 * credentials grant, apaleo.dev/guides/oauth-connection/simple-client: POST
 * https://identity.apaleo.com/connect/token). The client authenticates with HTTP Basic
 * (RFC 6749 §2.3.1), so the secret is in a header, never in a URL. Tokens are kept per
 * hotel until shortly before `expires_in` runs out (by the server's clock).
 */
export class ApaleoClient {
  private readonly tokens = new Map<number, CachedToken>();

  constructor(
    private readonly urls: { identityUrl: string; apiUrl: string },
    private readonly clock: Clock,
  ) {}

  async reservation(hotelId: number, credentials: ApaleoCredentials, reservationId: string): Promise<ApaleoReservation> {
    let token = await this.token(hotelId, credentials);
    let answer = await this.get(`/booking/v1/reservations/${encodeURIComponent(reservationId)}`, token);
    if (answer.status === 401) {
      // Revoked or expired early at apaleo: one new token, one more try.
      this.tokens.delete(hotelId);
      token = await this.token(hotelId, credentials);
      answer = await this.get(`/booking/v1/reservations/${encodeURIComponent(reservationId)}`, token);
    }
    if (answer.status === 404) throw new ApaleoError('not-found');
    if (answer.status === 401 || answer.status === 403) throw new ApaleoError('credentials');
    if (answer.status >= 500 || answer.status === 429) throw new ApaleoError('unreachable');
    if (answer.status !== 200) throw new ApaleoError('bad-answer');
    const parsed = ApaleoReservation.safeParse(await jsonOf(answer));
    if (!parsed.success) throw new ApaleoError('bad-answer');
    return parsed.data;
  }

  /** Forgets a hotel's token (its settings changed). */
  forget(hotelId: number): void {
    this.tokens.delete(hotelId);
  }

  private async token(hotelId: number, { clientId, clientSecret }: ApaleoCredentials): Promise<string> {
    const key = `${clientId}\n${clientSecret}`;
    const now = this.clock.now().getTime();
    const cached = this.tokens.get(hotelId);
    if (cached && cached.key === key && cached.expiresAt > now) return cached.token;
    const basic = Buffer.from(`${encodeURIComponent(clientId)}:${encodeURIComponent(clientSecret)}`).toString('base64');
    const answer = await send(`${this.urls.identityUrl}/connect/token`, {
      method: 'POST',
      headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams({ grant_type: 'client_credentials' }).toString(),
    });
    // The token endpoint answers 400 invalid_client / 401 for wrong credentials (RFC 6749 §5.2).
    if (answer.status === 400 || answer.status === 401) throw new ApaleoError('credentials');
    if (answer.status >= 500 || answer.status === 429) throw new ApaleoError('unreachable');
    const body = (await jsonOf(answer)) as { access_token?: unknown; expires_in?: unknown } | undefined;
    if (answer.status !== 200 || typeof body?.access_token !== 'string' || body.access_token.length > 8192 || typeof body.expires_in !== 'number') {
      throw new ApaleoError('bad-answer');
    }
    const expiresAt = now + Math.max(0, body.expires_in * 1000 - EXPIRY_MARGIN_MS);
    this.tokens.set(hotelId, { token: body.access_token, key, expiresAt });
    return body.access_token;
  }

  private get(path: string, token: string): Promise<Response> {
    return send(`${this.urls.apiUrl}${path}`, { headers: { authorization: `Bearer ${token}`, accept: 'application/json' } });
  }
}

async function send(url: string, init: RequestInit): Promise<Response> {
  try {
    // Redirects are not followed: the token must go to apaleo's own address only.
    return await fetch(url, { ...init, redirect: 'manual', signal: AbortSignal.timeout(CALL_TIMEOUT_MS) });
  } catch {
    throw new ApaleoError('unreachable');
  }
}

/** At most 1 MB of JSON; anything else is unreadable. */
async function jsonOf(answer: Response): Promise<unknown> {
  try {
    const text = await answer.text();
    return text.length > 1_000_000 ? undefined : JSON.parse(text);
  } catch {
    return undefined;
  }
}
