import { SignJWT, jwtVerify } from 'jose';
import { type Clock, systemClock } from '../clock';
import { derivedHmacKey } from './tokens';

/** What a worker's phone's access token says: the device and its worker. */
export interface DevicePrincipal {
  deviceId: string;
  workerId: number;
}

/**
 * Access tokens of workers' phones. Their key is derived apart from the staff tokens'
 * (another HKDF label), so a device token is no staff token and a staff token no
 * device token: each side's verify refuses the other's signature.
 */
export class DeviceTokenService {
  private readonly key: Promise<CryptoKey>;

  constructor(
    secret: string,
    readonly ttlSeconds = 15 * 60,
    private readonly clock: Clock = systemClock,
  ) {
    this.key = derivedHmacKey(secret, 'device-access-token');
  }

  async sign(p: DevicePrincipal): Promise<string> {
    const now = this.clock.now();
    return new SignJWT({ wid: p.workerId, typ: 'device' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(p.deviceId)
      .setIssuedAt(now)
      .setExpirationTime(Math.floor(now.getTime() / 1000) + this.ttlSeconds)
      .sign(await this.key);
  }

  /** The device, or undefined when the token is forged, expired or not a device token. */
  async verify(token: string): Promise<DevicePrincipal | undefined> {
    try {
      const { payload } = await jwtVerify(token, await this.key, { algorithms: ['HS256'], requiredClaims: ['exp', 'iat', 'sub'], currentDate: this.clock.now() });
      if (payload.typ !== 'device' || typeof payload.sub !== 'string' || typeof payload.wid !== 'number') return undefined;
      return { deviceId: payload.sub, workerId: payload.wid };
    } catch {
      return undefined;
    }
  }
}
