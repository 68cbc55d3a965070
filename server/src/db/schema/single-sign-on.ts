import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { roles, users } from './identity';

/**
 * The hotel's one OpenID Connect provider, in one row (id 1). The client secret is sealed
 * like the SMTP password and kept only for the issuer and client id it was typed for.
 */
export const ssoSettings = pgTable('sso_settings', {
  id: integer('id').primaryKey(),
  enabled: boolean('enabled').notNull().default(false),
  displayName: text('display_name').notNull(),
  issuer: text('issuer').notNull(),
  clientId: text('client_id').notNull(),
  clientSecretEnc: text('client_secret_enc'),
  /** issuer + client id the secret was typed for: change either and the secret must be typed again. */
  clientSecretFor: text('client_secret_for'),
  createUsers: boolean('create_users').notNull().default(false),
  defaultRoleId: integer('default_role_id').references(() => roles.id, { onDelete: 'set null' }),
  /**
   * E-mail domains (lower case) whose existing accounts a first single sign-on links by
   * their verified e-mail, an Admin's explicit rule; anyone else links from a signed-in
   * session first, and a holder of the Admin role is never linked automatically.
   */
  autoLinkDomains: text('auto_link_domains').array().notNull().default(sql`'{}'::text[]`),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/**
 * One sign-in that leaves the app for the system browser and returns by a one-time code:
 * a single sign-on attempt (`purpose` 'sso'), or the desktop app's passkey sign-in
 * ('passkey', whose `state` is the handle the browser page posts back and whose OpenID
 * columns stay empty). Both end the same way, so they share the exchange columns and its
 * redemption; the purpose decides which callback may find the flow and what the audit says.
 * A link ('sso-link') is begun by a signed-in user (`userId` from the start) to attach the
 * provider's identity to their own account: the callback keeps the identity's `subject`,
 * and only that user, with the flow key, completes the link.
 *
 * A single sign-on attempt. The app that started it holds `key` (only its hash is kept);
 * the provider's redirect finds it by `state`. The callback uses it once and leaves a
 * one-time exchange code, which only the holder of the key can turn into a session.
 */
export const ssoFlows = pgTable(
  'sso_flows',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    purpose: text('purpose', { enum: ['sso', 'passkey', 'sso-link'] }).notNull().default('sso'),
    keyHash: text('key_hash').notNull().unique(),
    state: text('state').notNull().unique(),
    nonce: text('nonce').notNull(),
    codeVerifier: text('code_verifier').notNull(),
    client: text('client', { enum: ['web', 'desktop'] }).notNull(),
    issuer: text('issuer').notNull(),
    clientId: text('client_id').notNull(),
    redirectUri: text('redirect_uri').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    callbackAt: timestamp('callback_at', { withTimezone: true, mode: 'date' }),
    exchangeHash: text('exchange_hash').unique(),
    exchangeExpiresAt: timestamp('exchange_expires_at', { withTimezone: true, mode: 'date' }),
    exchangeUsedAt: timestamp('exchange_used_at', { withTimezone: true, mode: 'date' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** A link flow's identity at the provider, between its callback and its completion. */
    subject: text('subject'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('sso_flows_expires_idx').on(t.expiresAt)],
);
