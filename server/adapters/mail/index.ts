import type { Queryable } from '../db/index.ts';
import type { Env } from '../../env.ts';
import type { Logger } from '../../lib/logger.ts';
import { createOutboxMailer } from './outbox/index.ts';
import { createSmtpMailer } from './smtp/index.ts';
import type { Mailer } from './types.ts';

export type { Mailer, MailMessage, OutboxEntry } from './types.ts';

/** SMTP when SMTP_URL is set; otherwise the database outbox, which production refuses (mails would go nowhere). */
export function createMailer(options: { env: Pick<Env, 'SMTP_URL' | 'MAIL_FROM' | 'NODE_ENV'>; db: Queryable; logger: Logger }): Mailer {
  const { env } = options;
  if (env.SMTP_URL) return createSmtpMailer({ url: env.SMTP_URL, from: env.MAIL_FROM, logger: options.logger });
  if (env.NODE_ENV === 'production') {
    throw new Error(
      'SMTP_URL is required in production: set it to your mail server (e.g. smtps://user:pass@smtp.example.com:465) so verification and password-reset mails can be delivered.',
    );
  }
  return createOutboxMailer({ db: options.db, logger: options.logger });
}
