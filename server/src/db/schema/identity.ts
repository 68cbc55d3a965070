import { type AnyPgColumn, boolean, index, integer, pgTable, primaryKey, serial, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { departments, hotels } from './basic-data';
import { timestamps } from './columns';

export const users = pgTable('users', {
  id: serial('id').primaryKey(),
  userCode: text('user_code').notNull().unique(),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  phoneNumber: text('phone_number').notNull(),
  /** Stored lower-cased: e-mail addresses are matched without regard to case. */
  email: text('email').notNull().unique(),
  /** scrypt hash (see password.ts); null until the invitation is used, or after it was ended (see passwordIssuedBy). */
  passwordHash: text('password_hash'),
  /**
   * Who issued the link the current password was set with; null when only the user saw
   * it (their own reset e-mail, the operator's reset). Should the user be given more than
   * that issuer holds, the password the issuer could know stops working.
   */
  passwordIssuedBy: integer('password_issued_by').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
  isActive: boolean('is_active').notNull().default(true),
  /**
   * Carried in every access token; raising it (logout everywhere, password reset, a
   * role or permission change) makes the user's older access tokens stop working at once.
   */
  sessionVersion: integer('session_version').notNull().default(0),
  /** The language of the e-mails the user gets (invitation, password reset) and of the page their links open. */
  language: text('language', { enum: ['en', 'ar'] }).notNull().default('en'),
  /** The confirmed TOTP secret, sealed like the SMTP password (SecretBox); null: no two-factor sign-in. */
  totpSecretEnc: text('totp_secret_enc'),
  /** A secret shown for enrolment but not yet confirmed with a code; it signs nobody in. */
  totpPendingEnc: text('totp_pending_enc'),
  /** The last TOTP time step a code was accepted for: a code of it or an earlier step is never taken again. */
  totpLastStep: integer('totp_last_step'),
  /**
   * The identity provider's subject (issuer + sub) first signed in as this user: a later
   * sign-in by another subject with the same e-mail is refused, not silently re-linked.
   */
  ssoIssuer: text('sso_issuer'),
  ssoSubject: text('sso_subject'),
  ...timestamps,
});

export const userHotels = pgTable(
  'user_hotels',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    hotelId: integer('hotel_id')
      .notNull()
      .references(() => hotels.id, { onDelete: 'restrict' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.hotelId] }), index('user_hotels_hotel_idx').on(t.hotelId)],
);

export const userDepartments = pgTable(
  'user_departments',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    departmentId: integer('department_id')
      .notNull()
      .references(() => departments.id, { onDelete: 'restrict' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.departmentId] }), index('user_departments_department_idx').on(t.departmentId)],
);

export const roles = pgTable('roles', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  description: text('description').notNull().default(''),
  /** The seeded Admin role: holds every claim and sees every hotel; cannot lose its claims. */
  isSystem: boolean('is_system').notNull().default(false),
  /** Its holders must sign in with a second factor; one who has none is sent to enrol after the password. */
  requireTwoFactor: boolean('require_two_factor').notNull().default(false),
  /** Its holders sign in with single sign-on only: the password login refuses them. */
  ssoOnly: boolean('sso_only').notNull().default(false),
  ...timestamps,
});

export const roleClaims = pgTable(
  'role_claims',
  {
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    claim: text('claim').notNull(),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.claim] })],
);

export const userRoles = pgTable(
  'user_roles',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.roleId] }), index('user_roles_role_idx').on(t.roleId)],
);

/** Opaque refresh tokens, stored hashed, rotated on each use; a reused one revokes its family. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    familyId: uuid('family_id').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /**
     * What the user sees in their list of signed-in devices, as of this token's issue (a
     * refresh writes the renewing call's): the desktop app (its own origin) or a browser,
     * the user agent and the address. Capped when written; informative only, never trusted.
     */
    clientKind: text('client_kind', { enum: ['desktop', 'browser'] }).notNull().default('browser'),
    userAgent: text('user_agent').notNull().default(''),
    ip: text('ip').notNull().default(''),
  },
  (t) => [index('refresh_tokens_family_idx').on(t.familyId), index('refresh_tokens_user_idx').on(t.userId)],
);

/** Single-use, expiring tokens of invitation and password-reset links, stored hashed. */
export const passwordTokens = pgTable(
  'password_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['invite', 'reset'] }).notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    /**
     * How the link reached (or failed to reach) the user: 'email' sent, 'failed' the
     * e-mail could not be sent, 'link' handed to an administrator to pass on.
     */
    delivery: text('delivery', { enum: ['email', 'failed', 'link'] }).notNull().default('email'),
    /** Why the e-mail failed, as a key of mailFailures (plain words, never the SMTP server's text). */
    failure: text('failure'),
    /**
     * The administrator who had the invitation sent or took its link; null for a link the
     * user asked for themselves (Forgot Password). The link sets a password, so it works
     * only while the user holds nothing beyond this issuer's rights.
     */
    issuedBy: integer('issued_by').references((): AnyPgColumn => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('password_tokens_user_idx').on(t.userId)],
);

/** Fixed-window counters shared by every server process (DESIGN: rate limits live in the database). */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  windowStart: timestamp('window_start', { withTimezone: true, mode: 'date' }).notNull(),
  count: integer('count').notNull(),
});

/** One row (id 1): the SMTP settings; the password encrypted at rest (AES-256-GCM). */
export const emailSettings = pgTable('email_settings', {
  id: integer('id').primaryKey(),
  smtpServer: text('smtp_server').notNull(),
  smtpPort: integer('smtp_port').notNull(),
  senderName: text('sender_name').notNull(),
  senderEmail: text('sender_email').notNull(),
  username: text('username').notNull().default(''),
  passwordEnc: text('password_enc'),
  /** The server, port and user name the password was typed for (see mailer.ts): it is sent nowhere else. */
  passwordFor: text('password_for'),
  /** 'starttls' upgrades a plain connection (587/25); 'tls' is TLS from the first byte (465). */
  tlsMode: text('tls_mode', { enum: ['starttls', 'tls'] }).notNull().default('starttls'),
  /** With STARTTLS: refuse to go on (and to send the password) when the server offers no TLS. */
  requireTls: boolean('require_tls').notNull().default(true),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

