import { describe, expect, it } from 'vitest';
import { platform } from '../../../renderer/src/platform';
import { logoutBody } from '../../../renderer/src/session/session';

/** The web logout names this device's session, so the user's other devices stay signed in. */
describe('web logout', () => {
  it("sends this device's refresh token, and nothing once there is no session", async () => {
    expect(platform.kind).toBe('web');
    const session = { accessToken: 'a', permissions: [], claims: [], userRoles: [], userName: 'Sara', userEmail: 'sara@hotel.test' };
    await platform.saveSession(session, 'this-device-refresh-token');
    expect(await logoutBody()).toEqual({ refreshToken: 'this-device-refresh-token' });
    await platform.clearSession();
    expect(await logoutBody()).toEqual({});
  });
});
