import { z } from 'zod';
import { Email } from './account';
import { Id, Lang, MessageResponse, Phone, Timestamp, code, optionalText, text } from './common';

export const UserInput = z.object({
  firstName: text(100),
  lastName: text(100),
  phoneNumber: Phone,
  email: Email,
  userCode: code(),
  departmentIds: z.array(Id).min(1).max(500),
  hotelIds: z.array(Id).min(1).max(500),
  /** The language of the user's e-mails and of the page their links open; absent: the caller's language. */
  language: Lang.optional(),
});

/**
 * Where a user's invitation stands: 'sent' (a usable link is out, by e-mail or handed
 * over as a link), 'failed' (its e-mail could not be sent), 'accepted' (a password is
 * set), 'expired' (no usable link is left).
 */
export const InvitationState = z.enum(['sent', 'failed', 'accepted', 'expired']);
export const Invitation = z.object({
  state: InvitationState,
  /** How the latest link went out: e-mailed, or handed to an administrator to pass on. */
  via: z.enum(['email', 'link']).optional(),
  /** Why its e-mail could not be sent, in plain words in the caller's language. */
  failure: z.string().optional(),
  /** When the latest link stops working. */
  expiresAt: Timestamp.optional(),
});
/** AddUser and ResendInvitation: the message, and whether the e-mail went out. */
export const InvitationAnswer = MessageResponse.extend({ invitation: InvitationState });
export const UserIdInput = z.object({ userId: Id });
/** The language of a user's e-mails and of the page their links open. */
export const UserLanguageInput = z.object({ userId: Id, language: Lang });
/**
 * The set-password link an invitation e-mail carries, answered only to this explicit call:
 * a fresh single-use link; every earlier link of the user stops working.
 */
export const InvitationLink = z.object({ link: z.string(), expiresAt: Timestamp });

export const User = z.object({
  id: z.number(),
  userCode: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  phoneNumber: z.string(),
  email: z.string(),
  departmentIds: z.array(z.number()),
  hotelIds: z.array(z.number()),
  roles: z.array(z.string()),
  /** False until the invitation link has been used to set a password. */
  hasPassword: z.boolean(),
  /** False while an Admin has switched the user off: no sign-in, every session ended. */
  isActive: z.boolean(),
  /** Whether the user signs in with a second factor (an Admin can reset it). */
  twoFactor: z.boolean().optional(),
  language: Lang,
  invitation: Invitation,
  createdAt: Timestamp,
});

/** An Admin switches a user off (every session ends at once) or on again. */
export const UserActiveInput = z.object({ userId: Id, isActive: z.boolean() });
export type UserActiveInput = z.infer<typeof UserActiveInput>;

export const RoleInput = z.object({ name: text(100), description: optionalText(500).default('') });
export const Role = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string(),
  /** Whether the role's holders must sign in with a second factor (the seeded Admin role is recommended to). */
  requireTwoFactor: z.boolean().optional(),
  isSystem: z.boolean().optional(),
  createdAt: Timestamp,
});

export const UserRoleSelection = z.object({ roleId: Id, roleName: z.string().max(200).optional(), isSelected: z.boolean() });
export const UserRolesInput = z.object({ userId: Id, roles: z.array(UserRoleSelection).min(1).max(500) });

export const RoleClaim = z.object({ claimType: z.string(), category: z.string(), isSelected: z.boolean() });
export const RoleDetail = z.object({ roleId: z.number(), roleName: z.string(), claims: z.array(RoleClaim) });
export const RoleClaimsInput = z.object({
  roleId: Id,
  roleName: text(100),
  claims: z.array(RoleClaim.extend({ claimType: z.string().max(200), category: z.string().max(200).optional() })).max(1000),
});

export const SmtpTlsMode = z.enum(['starttls', 'tls']);

/** Loopback hosts: the only ones where a plain (non-TLS) SMTP connection is the default. */
export function isLoopbackHost(host: string): boolean {
  const h = host.trim().toLowerCase();
  return h === 'localhost' || h === '::1' || h === '[::1]' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(h);
}

/** The TLS settings a server gets when none are chosen: TLS from the first byte on 465, required off loopback. */
export function defaultSmtpTls(host: string, port: number): { tlsMode: 'starttls' | 'tls'; requireTls: boolean } {
  return { tlsMode: port === 465 ? 'tls' : 'starttls', requireTls: !isLoopbackHost(host) };
}
export const EmailSettingsInput = z.object({
  smtpServer: z.string().trim().min(1).max(253),
  smtpPort: z.coerce.number().int().min(1).max(65535),
  senderName: text(200),
  senderEmail: Email,
  username: optionalText(254).default(''),
  /**
   * Empty or absent keeps the stored password, but only while server, port and user
   * name stay the same: a stored password is never sent anywhere it was not typed for.
   */
  password: optionalText(1024).optional(),
  /** 'starttls' (587, 25) or 'tls' from the first byte (465); absent: 'tls' on 465, else 'starttls'. */
  tlsMode: SmtpTlsMode.optional(),
  /** Refuse a server that offers no TLS; absent: on for every host but loopback. */
  requireTls: z.boolean().optional(),
});
/** The stored password is never sent back: `password` is always empty, `hasPassword` says if one is kept. */
export const EmailSettings = z.object({
  smtpServer: z.string(),
  smtpPort: z.number(),
  senderName: z.string(),
  senderEmail: z.string(),
  username: z.string(),
  password: z.literal(''),
  hasPassword: z.boolean(),
  tlsMode: SmtpTlsMode,
  requireTls: z.boolean(),
});
export const TestEmailInput = z.object({ to: Email });

export type UserInput = z.infer<typeof UserInput>;
export type InvitationState = z.infer<typeof InvitationState>;
export type Invitation = z.infer<typeof Invitation>;
export type InvitationAnswer = z.infer<typeof InvitationAnswer>;
export type InvitationLink = z.infer<typeof InvitationLink>;
export type UserIdInput = z.infer<typeof UserIdInput>;
export type UserLanguageInput = z.infer<typeof UserLanguageInput>;
export type User = z.infer<typeof User>;
export type RoleInput = z.infer<typeof RoleInput>;
export type Role = z.infer<typeof Role>;
export type UserRoleSelection = z.infer<typeof UserRoleSelection>;
export type UserRolesInput = z.infer<typeof UserRolesInput>;
export type RoleClaim = z.infer<typeof RoleClaim>;
export type RoleDetail = z.infer<typeof RoleDetail>;
export type RoleClaimsInput = z.infer<typeof RoleClaimsInput>;
export type EmailSettingsInput = z.infer<typeof EmailSettingsInput>;
export type EmailSettings = z.infer<typeof EmailSettings>;
export type SmtpTlsMode = z.infer<typeof SmtpTlsMode>;
