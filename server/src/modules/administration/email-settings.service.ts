import type { EmailSettings, EmailSettingsInput, Language } from '@shared';
import type { AppContext } from '../../context';
import { badRequest } from '../../http/errors';
import { common } from '../../i18n/common.messages';
import { localize } from '../../i18n/localize';
import { MailNotConfiguredError } from '../../mail/mailer';
import { adminMessages as m, testMail } from './administration.messages';
import { isDeliverableEmail, isSmtpHost, markupErrors } from './administration.rules';
import * as repo from './email-settings.repository';

/** The stored password never leaves the server; `hasPassword` tells the screen one is kept. */
export async function getEmailSettings(ctx: AppContext): Promise<EmailSettings> {
  const row = await repo.readSettings(ctx.database.db);
  if (!row) return { smtpServer: '', smtpPort: 587, senderName: '', senderEmail: '', username: '', password: '', hasPassword: false };
  return {
    smtpServer: row.smtpServer,
    smtpPort: row.smtpPort,
    senderName: row.senderName,
    senderEmail: row.senderEmail,
    username: row.username,
    password: '',
    hasPassword: !!row.passwordEnc,
  };
}

/**
 * An empty password keeps the stored one (the screen never has it to send back).
 * Clearing the username drops the password too: without a user there is no login to keep it for.
 */
export async function updateEmailSettings(ctx: AppContext, input: EmailSettingsInput): Promise<void> {
  const fieldErrors = markupErrors({ senderName: input.senderName, username: input.username });
  if (!isSmtpHost(input.smtpServer)) fieldErrors.push({ field: 'smtpServer', message: m.badHost });
  if (!isDeliverableEmail(input.senderEmail)) fieldErrors.push({ field: 'senderEmail', message: m.badEmail });
  if (fieldErrors.length) throw badRequest(common.validation, {}, fieldErrors);
  const db = ctx.database.db;
  const stored = await repo.readSettings(db);
  const username = input.username.trim();
  const passwordEnc = !username ? null : input.password ? ctx.box.seal(input.password) : (stored?.passwordEnc ?? null);
  await repo.writeSettings(db, {
    smtpServer: input.smtpServer,
    smtpPort: input.smtpPort,
    senderName: input.senderName.trim(),
    senderEmail: input.senderEmail,
    username,
    passwordEnc,
  });
}

/** Sends a test e-mail and reports the SMTP server's answer; any failure is the admin's to fix, so a 400. */
export async function sendTestEmail(ctx: AppContext, to: string, lang: Language): Promise<string> {
  if (!isDeliverableEmail(to)) throw badRequest(common.validation, {}, [{ field: 'to', message: m.badEmail }]);
  try {
    const response = await ctx.mailer.send({ to, subject: localize(testMail.subject, lang), text: localize(testMail.body, lang) });
    return localize(m.testEmailSent, lang, { response });
  } catch (error) {
    if (error instanceof MailNotConfiguredError) throw badRequest(m.testEmailNotConfigured);
    const reason = error instanceof Error ? error.message : String(error);
    throw badRequest(m.testEmailFailed, { reason: reason.slice(0, 500) });
  }
}
