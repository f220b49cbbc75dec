import { sql } from 'drizzle-orm';
import type { Queryable } from '../../db/index.ts';
import type { Logger } from '../../../lib/logger.ts';
import type { Mailer, OutboxEntry } from '../types.ts';

/** Stores mails in `mail_outbox` instead of sending them and logs each link, for development and tests. */
export function createOutboxMailer(options: { db: Queryable; logger: Logger }): Mailer {
  const { db, logger } = options;
  return {
    kind: 'outbox',
    async send(message) {
      await db.query(sql`
        INSERT INTO mail_outbox (to_address, subject, text_body, html_body, links)
        VALUES (${message.to}, ${message.subject}, ${message.text}, ${message.html}, ${JSON.stringify(message.links)}::jsonb)`);
      for (const link of message.links) logger.info({ to: message.to, subject: message.subject, link }, `outbox mail to ${message.to}: ${link}`);
    },
    async listOutbox({ limit, to }) {
      const where = to ? sql`WHERE lower(to_address) = ${to.toLowerCase()}` : sql``;
      const rows = await db.query<{ id: number; to_address: string; subject: string; text_body: string; links: string[] | string; sent_at: string | Date }>(
        sql`SELECT id, to_address, subject, text_body, links, sent_at FROM mail_outbox ${where} ORDER BY id DESC LIMIT ${limit}`,
      );
      return rows.map(
        (r): OutboxEntry => ({
          id: Number(r.id),
          to: r.to_address,
          subject: r.subject,
          text: r.text_body,
          links: typeof r.links === 'string' ? JSON.parse(r.links) : r.links,
          sent_at: new Date(r.sent_at).toISOString(),
        }),
      );
    },
  };
}
