import type { OutboxResponse } from '../../../../../server/features/auth/auth.routes.ts';
import { apiFetch } from '../../../lib/api.ts';

export type { OutboxMail } from '../../../../../server/features/auth/auth.routes.ts';

/** `GET /api/dev/outbox`: mails kept by the outbox (not in production). */
export const listOutboxMails = () => apiFetch<OutboxResponse>('/api/dev/outbox');
