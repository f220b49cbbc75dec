import nodemailer from 'nodemailer';
import type { Logger } from '../../../lib/logger.ts';
import type { Mailer } from '../types.ts';

/** Sends through an SMTP server given as a URL (smtp://user:pass@host:port or smtps://…). */
export function createSmtpMailer(options: { url: string; from: string; logger: Logger }): Mailer {
  const transport = nodemailer.createTransport(options.url);
  return {
    kind: 'smtp',
    async send(message) {
      await transport.sendMail({ from: options.from, to: message.to, subject: message.subject, text: message.text, html: message.html });
      options.logger.info({ to: message.to, subject: message.subject }, 'mail sent over SMTP');
    },
    async close() {
      transport.close();
    },
  };
}
