import { z } from 'zod';
import type { StoredSession } from '../shared/desktop/platform';
import { handle, type SenderCheck } from './ipc';
import { IpcChannel, type Failure } from '../shared/desktop/ipc';
import { currentLang, t } from './i18n';
import type { SettingsStore } from './server-url';

/** The parts of Electron's safeStorage the vault uses. */
export interface SafeStorageLike {
  isEncryptionAvailable(): boolean;
  encryptString(plainText: string): Buffer;
  decryptString(encrypted: Buffer): string;
  getSelectedStorageBackend?(): string;
}

export const StoredSessionSchema = z.object({
  accessToken: z.string().min(1).max(8192),
  permissions: z.array(z.string().max(256)).max(1000),
  claims: z.array(z.string().max(256)).max(5000),
  userRoles: z.array(z.string().max(256)).max(1000),
  userName: z.string().max(512),
  userEmail: z.string().max(512),
}) satisfies z.ZodType<StoredSession>;

const RefreshToken = z.string().min(1).max(512);
const VaultRecord = z.object({ session: StoredSessionSchema, refreshToken: RefreshToken });
type VaultRecord = z.infer<typeof VaultRecord>;
const RefreshAnswer = z.object({ accessToken: z.string().min(1), refreshToken: z.string().min(1) });

const VAULT_KEY = 'vault';

export interface VaultDeps {
  safeStorage: SafeStorageLike;
  store: SettingsStore;
  platform: NodeJS.Platform;
  serverUrl: () => string | undefined;
  fetch?: typeof fetch;
  /** Told once per run when the session cannot be kept encrypted on disk. */
  onMemoryOnly?: () => void;
}

/**
 * Keeps the tokens in the main process: encrypted by the OS keychain on disk, or in
 * memory only where there is no real keychain (Linux without libsecret/kwallet falls
 * back to 'basic_text', a fixed key: that would be a token in the clear).
 */
export class TokenVault {
  private memory: VaultRecord | undefined;
  private refreshing: Promise<StoredSession | undefined> | undefined;
  private warned = false;

  constructor(private readonly deps: VaultDeps) {}

  isPersistent(): boolean {
    const { safeStorage, platform } = this.deps;
    if (!safeStorage.isEncryptionAvailable()) return false;
    return !(platform === 'linux' && safeStorage.getSelectedStorageBackend?.() === 'basic_text');
  }

  async load(): Promise<StoredSession | undefined> {
    return this.record()?.session;
  }

  async save(session: StoredSession, refreshToken: string): Promise<void> {
    this.write(VaultRecord.parse({ session, refreshToken }));
  }

  /** One exchange at a time: the server rotates refresh tokens, a second parallel use would revoke the family. */
  refresh(): Promise<StoredSession | undefined> {
    this.refreshing ??= this.exchange().finally(() => (this.refreshing = undefined));
    return this.refreshing;
  }

  async clear(): Promise<void> {
    const record = this.record();
    this.memory = undefined;
    this.deps.store.delete(VAULT_KEY);
    const server = this.deps.serverUrl();
    if (record && server) await this.revoke(server, record);
  }

  private record(): VaultRecord | undefined {
    if (this.memory || !this.isPersistent()) return this.memory;
    const stored = this.deps.store.get(VAULT_KEY);
    if (stored === undefined) return undefined;
    try {
      const plain = this.deps.safeStorage.decryptString(Buffer.from(String(stored), 'base64'));
      this.memory = VaultRecord.parse(JSON.parse(plain));
      return this.memory;
    } catch {
      // Unreadable (another user's keychain, a damaged file, an old format): start signed out.
      this.deps.store.delete(VAULT_KEY);
      return undefined;
    }
  }

  private write(record: VaultRecord): void {
    this.memory = record;
    if (this.isPersistent()) {
      try {
        this.deps.store.set(VAULT_KEY, this.deps.safeStorage.encryptString(JSON.stringify(record)).toString('base64'));
        return;
      } catch {
        // A keychain that refuses (locked, access denied): the sign-in still works, for this run only.
      }
    }
    this.deps.store.delete(VAULT_KEY);
    if (!this.warned) {
      this.warned = true;
      this.deps.onMemoryOnly?.();
    }
  }

  private async exchange(): Promise<StoredSession | undefined> {
    const record = this.record();
    const server = this.deps.serverUrl();
    if (!record || !server) return undefined;
    let response: Response;
    try {
      response = await (this.deps.fetch ?? fetch)(`${server}/api/Account/RefreshToken?lang=${currentLang()}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ accessToken: record.session.accessToken, refreshToken: record.refreshToken }),
        signal: AbortSignal.timeout(15_000),
      });
    } catch {
      throw new Error(t('session.unreachable'));
    }
    // A server in trouble has not ended the session: the user may retry.
    if (response.status >= 500) throw new Error(t('session.unreachable'));
    const answer = RefreshAnswer.safeParse(response.status === 200 ? await response.json().catch(() => undefined) : undefined);
    if (!answer.success) {
      this.memory = undefined;
      this.deps.store.delete(VAULT_KEY);
      return undefined;
    }
    const session = { ...record.session, accessToken: answer.data.accessToken };
    this.write({ session, refreshToken: answer.data.refreshToken });
    return session;
  }

  /** Best effort: signing out works offline too, the server token then simply expires. */
  private async revoke(server: string, record: VaultRecord): Promise<void> {
    try {
      await (this.deps.fetch ?? fetch)(`${server}/api/Account/Logout?lang=${currentLang()}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${record.session.accessToken}` },
        body: JSON.stringify({ refreshToken: record.refreshToken }),
        signal: AbortSignal.timeout(5000),
      });
    } catch {
      /* offline: nothing more to do */
    }
  }
}

export function setupVault(isTrusted: SenderCheck, vault: TokenVault): void {
  handle(IpcChannel.loadSession, z.tuple([]), isTrusted, () => vault.load());
  handle(IpcChannel.saveSession, z.tuple([StoredSessionSchema, RefreshToken]), isTrusted, (session, token) => vault.save(session, token));
  // A thrown Error reaches the renderer wrapped in Electron's own words: answer the message instead.
  handle(IpcChannel.refreshSession, z.tuple([]), isTrusted, () =>
    vault.refresh().catch((error: Error): Failure => ({ error: error.message })),
  );
  handle(IpcChannel.clearSession, z.tuple([]), isTrusted, () => vault.clear());
}
