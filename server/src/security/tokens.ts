import { createHash, hkdfSync, randomBytes, createCipheriv, createDecipheriv } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import { type Clock, systemClock } from '../clock';

/** What an access token says about its holder; verified statelessly by every process. */
export interface Principal {
  userId: number;
  name: string;
  email: string;
  claims: string[];
  /** Holders of the Admin role see every hotel and department. */
  isAdmin: boolean;
  hotelIds: number[];
  departmentIds: number[];
  /** The device session (refresh-token family) the token was issued for; a logout there ends it. */
  sessionId?: string;
  /** The user's session version when the token was issued (see session-guard.ts). */
  sessionVersion?: number;
  /** Set when the caller is another system with an API key: no user (userId is 0), and what it does is recorded as the key's. */
  apiKey?: { id: number; name: string };
}

/** How many verified access tokens one process remembers (a hotel chain's desks, many times over). */
const VERIFIED_MAX = 2_000;

/**
 * An HMAC key for one kind of token, derived from the server's secret under its own label:
 * a token of one kind never verifies as another.
 */
export function derivedHmacKey(secret: string, label: string): Promise<CryptoKey> {
  const raw = new Uint8Array(hkdfSync('sha256', secret, 'hotel', label, 32));
  return crypto.subtle.importKey('raw', raw, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
}

export class TokenService {
  /**
   * Imported once: jose given raw bytes imports a Web Crypto key on every call,
   * which was about a tenth of the CPU of a staff list page.
   */
  private readonly key: Promise<CryptoKey>;

  constructor(
    secret: string,
    readonly accessTtlSeconds = 15 * 60,
    private readonly clock: Clock = systemClock,
  ) {
    this.key = derivedHmacKey(secret, 'access-token');
  }

  async sign(p: Principal): Promise<string> {
    const now = this.clock.now();
    const session = { ver: p.sessionVersion ?? 0, ...(p.sessionId ? { sid: p.sessionId } : {}) };
    return new SignJWT({ name: p.name, email: p.email, claims: p.claims, adm: p.isAdmin, hot: p.hotelIds, dep: p.departmentIds, ...session })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(p.userId))
      .setIssuedAt(now)
      .setExpirationTime(Math.floor(now.getTime() / 1000) + this.accessTtlSeconds)
      .sign(await this.key);
  }

  /**
   * Tokens whose signature was already checked, with their expiry: a desk sends the
   * same token with every call for its 15 minutes, and Web Crypto's HMAC verify was
   * the largest single cost of a list page. Only genuine tokens are kept (a forged
   * one is checked every time), keyed by the whole token, and at most VERIFIED_MAX
   * (the oldest go first). Revocation is not this cache's business: the session
   * guard checks every call after it.
   */
  private readonly verified = new Map<string, { principal: Principal; expiresAt: number }>();

  /** The principal, or undefined when the token is missing, forged or expired. */
  async verify(token: string, options: { ignoreExpiry?: boolean } = {}): Promise<Principal | undefined> {
    const known = this.verified.get(token);
    if (known && (options.ignoreExpiry || known.expiresAt > this.clock.now().getTime())) return known.principal;
    const principal = await this.check(token, options);
    if (principal && !options.ignoreExpiry) {
      if (this.verified.size >= VERIFIED_MAX) this.verified.delete(this.verified.keys().next().value!);
      this.verified.set(token, { principal: principal.principal, expiresAt: principal.expiresAt });
    }
    return principal?.principal;
  }

  private async check(token: string, options: { ignoreExpiry?: boolean }): Promise<{ principal: Principal; expiresAt: number } | undefined> {
    try {
      const { payload } = await jwtVerify(token, await this.key, {
        algorithms: ['HS256'],
        // A token without them would never expire: signed by us or not, it is refused.
        requiredClaims: ['exp', 'iat', 'sub'],
        currentDate: options.ignoreExpiry ? new Date(0) : this.clock.now(),
      });
      const principal: Principal = {
        userId: Number(payload.sub),
        name: String(payload.name),
        email: String(payload.email),
        claims: payload.claims as string[],
        isAdmin: payload.adm === true,
        hotelIds: payload.hot as number[],
        departmentIds: payload.dep as number[],
        sessionId: typeof payload.sid === 'string' ? payload.sid : undefined,
        sessionVersion: typeof payload.ver === 'number' ? payload.ver : 0,
      };
      return { principal: Object.freeze(principal), expiresAt: (payload.exp ?? 0) * 1000 };
    } catch {
      return undefined;
    }
  }
}

/**
 * How an enrolment-only token (a sign-in whose role requires two-factor, by a user who has
 * none yet) begins: every route but the enrolment's answers it 403 "set up two-factor first".
 */
export const ENROLMENT_TOKEN_PREFIX = 'enrol_';
/** Long enough to install an authenticator app and scan its code. */
export const ENROLMENT_TOKEN_TTL_SECONDS = 15 * 60;

/** An opaque random token (refresh, invitation, reset) and the hash kept in the database. */
export function newOpaqueToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashToken(token) };
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

/** AES-256-GCM for secrets kept at rest (the SMTP password); the key derives from the server secret. */
export class SecretBox {
  private readonly key: Buffer;

  constructor(secret: string) {
    this.key = Buffer.from(hkdfSync('sha256', secret, 'hotel', 'secret-box', 32));
  }

  seal(plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return ['v1', iv.toString('base64'), cipher.getAuthTag().toString('base64'), body.toString('base64')].join('.');
  }

  /** Undefined when the value was sealed with another secret or tampered with. */
  open(sealed: string): string | undefined {
    try {
      const [version, iv, tag, body] = sealed.split('.');
      if (version !== 'v1') return undefined;
      const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64'));
      decipher.setAuthTag(Buffer.from(tag, 'base64'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64')), decipher.final()]).toString('utf8');
    } catch {
      return undefined;
    }
  }
}

