import nodemailer from 'nodemailer';
import type { Db } from '../db/client';
import { readSettings } from '../modules/administration/email-settings.repository';
import type { SecretBox } from '../security/tokens';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** A fixed Message-ID (`<…@host>`): a copy sent twice is one message to the reader's mail client. */
  messageId?: string;
}

/** The host part of the server's own Message-IDs: the host guests and staff reach it by. */
export function messageIdHost(publicUrl: string): string {
  try {
    return new URL(publicUrl).hostname || 'localhost';
  } catch {
    return 'localhost';
  }
}

export class MailNotConfiguredError extends Error {
  constructor() {
    super('E-mail settings are not configured');
  }
}

/** The stored password belongs to another server, port or user name than the settings now name. */
export class PasswordNotForThisServerError extends Error {
  constructor() {
    super('The stored SMTP password was entered for another server');
  }
}

/** What a stored SMTP password is bound to: it is only ever sent where it was typed for. */
export function passwordBinding(settings: { smtpServer: string; smtpPort: number; username: string }): string {
  // The host has no '|' (it is checked as a host name or IP) and the port is digits, so the key is unambiguous.
  return `${settings.smtpServer.toLowerCase()}|${settings.smtpPort}|${settings.username}`;
}

/**
 * Sends mail through the SMTP settings stored by UpdateEmailSettings, read on
 * every send so a change takes effect at once in every process.
 */
export class Mailer {
  constructor(
    private readonly db: Db,
    private readonly box: SecretBox,
  ) {}

  /** Whether a mail server is set (UpdateEmailSettings has been saved). */
  async isSetUp(): Promise<boolean> {
    return (await readSettings(this.db)) !== undefined;
  }

  /** The SMTP server's answer, e.g. '250 OK: queued'. */
  async send(message: MailMessage): Promise<string> {
    const settings = await readSettings(this.db);
    if (!settings) throw new MailNotConfiguredError();
    if (settings.passwordEnc && settings.passwordFor !== passwordBinding(settings)) throw new PasswordNotForThisServerError();
    const password = settings.passwordEnc ? this.box.open(settings.passwordEnc) : undefined;
    const transport = nodemailer.createTransport({
      host: settings.smtpServer,
      port: settings.smtpPort,
      secure: settings.tlsMode === 'tls',
      // With STARTTLS required, nodemailer stops before AUTH when the server offers no TLS.
      requireTLS: settings.tlsMode === 'starttls' && settings.requireTls,
      tls: { minVersion: 'TLSv1.2' },
      auth: settings.username ? { user: settings.username, pass: password ?? '' } : undefined,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 20_000,
    });
    try {
      const info = await transport.sendMail({
        from: { name: settings.senderName, address: settings.senderEmail },
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        ...(message.messageId ? { messageId: message.messageId } : {}),
      });
      return info.response;
    } finally {
      transport.close();
    }
  }
}
