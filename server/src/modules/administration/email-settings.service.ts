import { type EmailSettings, type EmailSettingsInput, type Language, defaultSmtpTls } from '@shared';
import type { AppContext } from '../../context';
import { AppError, badRequest } from '../../http/errors';
import { common } from '../../i18n/common.messages';
import { localize } from '../../i18n/localize';
import { mailFailureOf } from '../../mail/mail-failure';
import { MailNotConfiguredError, passwordBinding } from '../../mail/mailer';
import type { Principal } from '../../security/tokens';
import { adminMessages as m, testMail } from './administration.messages';
import { isDeliverableEmail, isSmtpHost, markupErrors } from './administration.rules';
import * as repo from './email-settings.repository';
import { accessOf } from './roles.repository';

/** The stored password never leaves the server; `hasPassword` tells the screen one is kept. */
export async function getEmailSettings(ctx: AppContext): Promise<EmailSettings> {
  const row = await repo.readSettings(ctx.database.db);
  if (!row) {
    return { smtpServer: '', smtpPort: 587, senderName: '', senderEmail: '', username: '', password: '', hasPassword: false, tlsMode: 'starttls', requireTls: true };
  }
  return {
    smtpServer: row.smtpServer,
    smtpPort: row.smtpPort,
    senderName: row.senderName,
    senderEmail: row.senderEmail,
    username: row.username,
    password: '',
    hasPassword: !!row.passwordEnc,
    tlsMode: row.tlsMode,
    requireTls: row.requireTls,
  };
}

/**
 * Where the password goes (server, port, TLS) is the Admin's alone to change: with it
 * anyone could send the stored password, and every reset link, to a machine of theirs.
 * An empty password keeps the stored one only while server, port and user name stay
 * as they were when it was typed; otherwise it must be typed again. Clearing the
 * username drops the password too: without a user there is no login to keep it for.
 */
export async function updateEmailSettings(ctx: AppContext, caller: Principal, input: EmailSettingsInput): Promise<void> {
  const fieldErrors = markupErrors({ senderName: input.senderName, username: input.username });
  if (!isSmtpHost(input.smtpServer)) fieldErrors.push({ field: 'smtpServer', message: m.badHost });
  if (!isDeliverableEmail(input.senderEmail)) fieldErrors.push({ field: 'senderEmail', message: m.badEmail });
  if (fieldErrors.length) throw badRequest(common.validation, {}, fieldErrors);
  const db = ctx.database.db;
  const stored = await repo.readSettings(db);
  const next = { smtpServer: input.smtpServer, smtpPort: input.smtpPort, username: input.username.trim() };
  const sameServer = !!stored && passwordBinding({ ...stored, username: '' }) === passwordBinding({ ...next, username: '' });
  const fallback = sameServer ? stored : defaultSmtpTls(next.smtpServer, next.smtpPort);
  const tlsMode = input.tlsMode ?? fallback.tlsMode;
  const requireTls = input.requireTls ?? fallback.requireTls;
  const connectionChanged = !sameServer || tlsMode !== stored.tlsMode || requireTls !== stored.requireTls;
  if (connectionChanged && !(await accessOf(db, caller.userId)).isAdmin) throw new AppError(403, m.smtpConnectionAdminOnly);

  const binding = passwordBinding(next);
  let password: { passwordEnc: string | null; passwordFor: string | null } = { passwordEnc: null, passwordFor: null };
  if (next.username && input.password) password = { passwordEnc: ctx.box.seal(input.password), passwordFor: binding };
  else if (next.username && stored?.passwordEnc) {
    if (stored.passwordFor !== binding) throw badRequest(common.validation, {}, [{ field: 'password', message: m.smtpPasswordAgain }]);
    password = { passwordEnc: stored.passwordEnc, passwordFor: stored.passwordFor };
  }
  await repo.writeSettings(db, { ...next, senderName: input.senderName.trim(), senderEmail: input.senderEmail, tlsMode, requireTls, ...password });
}

/**
 * Sends a test e-mail. Any failure is the admin's to fix, so a 400, told in plain
 * words: the SMTP server's own answer is never echoed (see mail-failure.ts).
 */
export async function sendTestEmail(ctx: AppContext, to: string, lang: Language): Promise<string> {
  if (!isDeliverableEmail(to)) throw badRequest(common.validation, {}, [{ field: 'to', message: m.badEmail }]);
  try {
    await ctx.mailer.send({ to, subject: localize(testMail.subject, lang), text: localize(testMail.body, lang) });
    return localize(m.testEmailSent, lang, { to });
  } catch (error) {
    if (error instanceof MailNotConfiguredError) throw badRequest(m.testEmailNotConfigured);
    throw badRequest(m.testEmailFailed, { reason: localize(mailFailureOf(error), lang) });
  }
}
