import type { Transporter } from 'nodemailer';
import type { Logger } from '../../../lib/logger.ts';
import type { Mailer } from '../types.ts';

/** Sends through an SMTP server given as a URL (smtp://user:pass@host:port or smtps://…). */
export function createSmtpMailer(options: { url: string; from: string; logger: Logger }): Mailer {
  // nodemailer is loaded on the first mail, not at start-up.
  let transport: Promise<Transporter> | null = null;
  const getTransport = () => (transport ??= import('nodemailer').then((m) => m.default.createTransport(options.url)));
  return {
    kind: 'smtp',
    async send(message) {
      await (await getTransport()).sendMail({ from: options.from, to: message.to, subject: message.subject, text: message.text, html: message.html });
      options.logger.info({ to: message.to, subject: message.subject }, 'mail sent over SMTP');
    },
    async close() {
      if (transport) (await transport).close();
    },
  };
}
