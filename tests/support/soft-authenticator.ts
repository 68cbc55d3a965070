import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';

/**
 * A software WebAuthn authenticator for server tests: an ES256 key per credential, the
 * 'none' attestation, authenticator data and signatures built as the WebAuthn spec
 * (Level 3, §6.1 and §6.5) lays them out, so the server's checks meet real responses.
 */

type Cbor = number | string | Uint8Array | Map<number | string, Cbor>;

function head(major: number, n: number): Buffer {
  if (n < 24) return Buffer.from([(major << 5) | n]);
  if (n < 0x100) return Buffer.from([(major << 5) | 24, n]);
  if (n < 0x10000) return Buffer.from([(major << 5) | 25, n >> 8, n & 0xff]);
  const b = Buffer.alloc(5);
  b[0] = (major << 5) | 26;
  b.writeUInt32BE(n, 1);
  return b;
}

/** The few CBOR types a credential's key and attestation object use (RFC 8949). */
export function encodeCbor(value: Cbor): Buffer {
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string') {
    const text = Buffer.from(value, 'utf8');
    return Buffer.concat([head(3, text.length), text]);
  }
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), value]);
  const parts = [head(5, value.size)];
  for (const [k, v] of value) parts.push(encodeCbor(k), encodeCbor(v));
  return Buffer.concat(parts);
}

const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest();
const b64url = (data: Buffer | Uint8Array) => Buffer.from(data).toString('base64url');

const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_AT = 0x40;

export interface SoftCredential {
  id: Buffer;
  key: KeyObject;
  publicJwk: { x: string; y: string };
  rpId: string;
  userHandle: string;
  counter: number;
}

interface CreationOptions {
  challenge: string;
  rp: { id?: string };
  user: { id: string };
}
interface RequestOptions {
  challenge: string;
  rpId?: string;
}

export interface Ceremony {
  /** The page's origin the browser writes into clientDataJSON. */
  origin: string;
  /** The user verified (PIN, face, finger): on by default. */
  userVerified?: boolean;
}

function authenticatorData(rpId: string, flags: number, counter: number, attested?: Buffer): Buffer {
  const count = Buffer.alloc(4);
  count.writeUInt32BE(counter >>> 0);
  return Buffer.concat([sha256(rpId), Buffer.from([flags]), count, ...(attested ? [attested] : [])]);
}

function coseKey(jwk: { x: string; y: string }): Buffer {
  // EC2 key (kty 2), ES256 (alg -7), P-256 (crv 1), x (-2), y (-3).
  return encodeCbor(
    new Map<number, Cbor>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, Buffer.from(jwk.x, 'base64url')],
      [-3, Buffer.from(jwk.y, 'base64url')],
    ]),
  );
}

export class SoftAuthenticator {
  readonly credentials: SoftCredential[] = [];

  /** navigator.credentials.create(): a new discoverable credential, answered as @simplewebauthn/browser encodes it. */
  create(options: CreationOptions, ceremony: Ceremony) {
    const rpId = options.rp.id ?? new URL(ceremony.origin).hostname;
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const jwk = publicKey.export({ format: 'jwk' }) as { x: string; y: string };
    const credential: SoftCredential = { id: randomBytes(32), key: privateKey, publicJwk: jwk, rpId, userHandle: options.user.id, counter: 0 };
    this.credentials.push(credential);
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(credential.id.length);
    const attested = Buffer.concat([Buffer.alloc(16), idLength, credential.id, coseKey(jwk)]);
    const flags = FLAG_UP | FLAG_AT | (ceremony.userVerified === false ? 0 : FLAG_UV);
    const authData = authenticatorData(rpId, flags, credential.counter, attested);
    const clientData = JSON.stringify({ type: 'webauthn.create', challenge: options.challenge, origin: ceremony.origin, crossOrigin: false });
    const attestationObject = encodeCbor(new Map<string, Cbor>([['fmt', 'none'], ['attStmt', new Map()], ['authData', authData]]));
    return {
      credential,
      response: {
        id: b64url(credential.id),
        rawId: b64url(credential.id),
        type: 'public-key' as const,
        clientExtensionResults: {},
        authenticatorAttachment: 'platform' as const,
        response: { clientDataJSON: b64url(Buffer.from(clientData)), attestationObject: b64url(attestationObject), transports: ['internal'] },
      },
    };
  }

  /** navigator.credentials.get() with `credential` (default: the last one made); its counter goes up by one unless `counter` is given. */
  get(options: RequestOptions, ceremony: Ceremony & { credential?: SoftCredential; counter?: number }) {
    const credential = ceremony.credential ?? this.credentials.at(-1)!;
    credential.counter = ceremony.counter ?? credential.counter + 1;
    const flags = FLAG_UP | (ceremony.userVerified === false ? 0 : FLAG_UV);
    const authData = authenticatorData(options.rpId ?? credential.rpId, flags, credential.counter);
    const clientData = Buffer.from(JSON.stringify({ type: 'webauthn.get', challenge: options.challenge, origin: ceremony.origin, crossOrigin: false }));
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientData)]), credential.key);
    return {
      id: b64url(credential.id),
      rawId: b64url(credential.id),
      type: 'public-key' as const,
      clientExtensionResults: {},
      authenticatorAttachment: 'platform' as const,
      response: { clientDataJSON: b64url(clientData), authenticatorData: b64url(authData), signature: b64url(signature), userHandle: credential.userHandle },
    };
  }
}
