/**
 * The one way the server sends mail (issue 17): a `MailSender`. MAIL_MODE=local (default) is a
 * dev mailbox: each message is logged as "mail to <address>: <subject>" with its code line (like
 * the identity stand-in's codes) and the last messages are kept in memory for GET /_dev/mail
 * (loopback only, server/mail/dev-mail-route.ts). MAIL_MODE=smtp sends through nodemailer with
 * SMTP_URL and MAIL_FROM (validated in server/config.ts). Mail bodies hold one-time codes: the
 * SMTP side never logs them.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { ServerConfig } from '../config';

export interface MailMessage {
  readonly to: string;
  readonly subject: string;
  readonly text: string;
  /** The line a developer needs from it (e.g. "Your code: 123456"), logged in local mode. */
  readonly codeLine?: string;
}

export interface MailSender {
  readonly mode: 'local' | 'smtp';
  send(message: MailMessage): Promise<void>;
  /** Local mode only: the kept messages to one address, newest first. */
  readonly mailbox?: DevMailbox;
}

export interface StoredMail extends MailMessage {
  readonly sentAt: string;
}

/** How many messages the dev mailbox keeps in all (oldest dropped first). */
export const DEV_MAILBOX_SIZE = 200;

export class DevMailbox {
  private readonly messages: StoredMail[] = [];

  add(message: MailMessage, now = new Date()): void {
    this.messages.push({ ...message, sentAt: now.toISOString() });
    if (this.messages.length > DEV_MAILBOX_SIZE) this.messages.shift();
  }

  to(address: string): StoredMail[] {
    const wanted = address.trim().toLowerCase();
    return this.messages.filter((m) => m.to.toLowerCase() === wanted).reverse();
  }
}

export function createLocalMailSender(log: Pick<FastifyBaseLogger, 'info'>): MailSender {
  const mailbox = new DevMailbox();
  return {
    mode: 'local',
    mailbox,
    send(message) {
      mailbox.add(message);
      // Dev only (MAIL_MODE=local): the address and code are printed on purpose, as the identity
      // stand-in prints its codes, so a newcomer can read them.
      log.info(
        `mail to ${message.to}: ${message.subject}${message.codeLine ? `\n  ${message.codeLine}` : ''}`,
      );
      return Promise.resolve();
    },
  };
}

export async function createSmtpMailSender(config: ServerConfig): Promise<MailSender> {
  const nodemailer = await import('nodemailer');
  const transport = nodemailer.createTransport(config.SMTP_URL);
  return {
    mode: 'smtp',
    async send(message) {
      await transport.sendMail({
        from: config.MAIL_FROM,
        to: message.to,
        subject: message.subject,
        text: message.text,
      });
    },
  };
}

export async function createMailSender(
  config: ServerConfig,
  log: Pick<FastifyBaseLogger, 'info'>,
): Promise<MailSender> {
  return config.MAIL_MODE === 'smtp' ? createSmtpMailSender(config) : createLocalMailSender(log);
}
