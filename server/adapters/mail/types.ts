/** One message; `links` are the actionable URLs in it (logged and listed by the dev outbox). */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  links: string[];
}

export interface OutboxEntry {
  id: number;
  to: string;
  subject: string;
  text: string;
  links: string[];
  sent_at: string;
}

export interface Mailer {
  readonly kind: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<void>;
  /** Only the outbox can list what it "sent" (newest first). */
  listOutbox?(options: { limit: number; to?: string }): Promise<OutboxEntry[]>;
  close?(): Promise<void>;
}
