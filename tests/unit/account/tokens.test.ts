import { afterEach, describe, expect, it, vi } from 'vitest';
import { type Principal, TokenService } from '../../../server/src/security/tokens';

const principal: Principal = { userId: 7, name: 'Desk', email: 'desk@hotel.test', claims: ['Service Management.Service List.View'], isAdmin: false, hotelIds: [1], departmentIds: [2], sessionVersion: 3 };

describe('access tokens, verified once and remembered', () => {
  afterEach(() => vi.useRealTimers());

  it('answers the same principal for a genuine token, again and again', async () => {
    const tokens = new TokenService('a-secret-a-secret-a-secret-a-secret');
    const token = await tokens.sign(principal);
    expect(await tokens.verify(token)).toMatchObject({ userId: 7, claims: principal.claims, hotelIds: [1], sessionVersion: 3 });
    expect(await tokens.verify(token)).toMatchObject({ userId: 7 });
  });

  it('refuses a token past its expiry even after it was verified', async () => {
    vi.useFakeTimers({ now: new Date('2026-11-24T10:00:00Z'), toFake: ['Date'] });
    const tokens = new TokenService('a-secret-a-secret-a-secret-a-secret', 60);
    const token = await tokens.sign(principal);
    expect(await tokens.verify(token)).toBeDefined();
    vi.setSystemTime(new Date('2026-11-24T10:01:01Z'));
    expect(await tokens.verify(token)).toBeUndefined();
  });

  it('refuses a forged or altered token after the genuine one was verified', async () => {
    const tokens = new TokenService('a-secret-a-secret-a-secret-a-secret');
    const token = await tokens.sign(principal);
    await tokens.verify(token);
    const forged = await new TokenService('another-secret-another-secret-0123').sign({ ...principal, isAdmin: true });
    expect(await tokens.verify(forged)).toBeUndefined();
    const [header, payload, signature] = token.split('.');
    const altered = JSON.parse(Buffer.from(payload, 'base64url').toString());
    altered.adm = true;
    expect(await tokens.verify(`${header}.${Buffer.from(JSON.stringify(altered)).toString('base64url')}.${signature}`)).toBeUndefined();
  });

  it('remembers a bounded number of tokens, and an evicted one still verifies', async () => {
    const tokens = new TokenService('a-secret-a-secret-a-secret-a-secret');
    const first = await tokens.sign({ ...principal, userId: 0 });
    await tokens.verify(first);
    for (let i = 1; i <= 2_050; i++) await tokens.verify(await tokens.sign({ ...principal, userId: i }));
    expect((tokens as unknown as { verified: Map<string, unknown> }).verified.size).toBeLessThanOrEqual(2_000);
    expect(await tokens.verify(first)).toMatchObject({ userId: 0 });
  });
});
