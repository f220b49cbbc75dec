import { type SQL, sql } from 'drizzle-orm';
import type { CopilotCitation, CopilotMode } from '../../../core/copilot/copilot-types.ts';
import type { Queryable } from '../../adapters/db/index.ts';
import { servedOnlyOnceCaptured } from '../tokens/index.ts';

/** One message as stored. */
export interface StoredMessage {
  id: string;
  conversationId: string;
  userId: string;
  role: 'user' | 'assistant';
  text: string;
  citations: CopilotCitation[];
  mode: CopilotMode | null;
  status: 'answered' | 'refused' | null;
  costMt: number;
  holdId: string | null;
  createdAt: string;
}

export interface StoredConversation {
  id: string;
  title: string;
  createdAt: string;
  updatedAt: string;
}

/** A question and its answer (or refusal), stored together. */
interface StoredTurn {
  /** `subject`: what the conversation is about after this turn (ConversationSubject); undefined leaves it as it was. */
  conversation: { id: string; userId: string; title: string; isNew: boolean; subject?: unknown };
  question: StoredMessage;
  answer: StoredMessage;
}

interface MessageRow {
  id: string;
  conversation_id: string;
  user_id: string;
  role: 'user' | 'assistant';
  text: string;
  citations: CopilotCitation[] | string;
  mode: CopilotMode | null;
  status: 'answered' | 'refused' | null;
  cost_mt: number | string;
  hold_id: string | null;
  created_at: string | Date;
}

const toIso = (t: string | Date) => new Date(t).toISOString();

function toStoredMessage(r: MessageRow): StoredMessage {
  return {
    id: r.id,
    conversationId: r.conversation_id,
    userId: r.user_id,
    role: r.role,
    text: r.text,
    citations: typeof r.citations === 'string' ? (JSON.parse(r.citations) as CopilotCitation[]) : r.citations,
    mode: r.mode,
    status: r.status,
    costMt: Number(r.cost_mt),
    holdId: r.hold_id,
    createdAt: toIso(r.created_at),
  };
}

// Served = free (no hold) or paid for (its hold captured): the capture is what makes a paid answer visible.
const servedMessage = sql`(m.hold_id IS NULL OR ${servedOnlyOnceCaptured(sql`m.hold_id`)})`;

/**
 * The user's conversation and its stored subject (raw jsonb, or null before a question about a symbol was answered);
 * null when it is not theirs or has no served message (an unserved one was never answered).
 */
export async function findConversationState(q: Queryable, userId: string, id: string): Promise<{ subject: unknown } | null> {
  const rows = await q.query<{ subject: unknown }>(sql`
    SELECT c.subject FROM copilot_conversations c
    WHERE c.id = ${id} AND c.user_id = ${userId}
      AND EXISTS (SELECT 1 FROM copilot_messages m WHERE m.conversation_id = c.id AND ${servedMessage})`);
  return rows[0] ? { subject: rows[0].subject ?? null } : null;
}

const messageValues = (m: StoredMessage, seq: number) =>
  sql`(${m.id}, ${m.conversationId}, ${m.userId}, ${m.role}, ${m.text}, ${JSON.stringify(m.citations)}::jsonb, ${m.mode}, ${m.status},
       ${m.costMt}, ${m.holdId}, ${m.createdAt}::timestamptz, ${seq})`;

/** How much one user may keep stored (COPILOT_LIMITS in core); the oldest goes to make room. */
export interface StorageCaps {
  conversationsPerUser: number;
  messagesPerConversation: number;
}

/**
 * Stores a question and its answer (and the conversation when it is new) in one statement: one round
 * trip, all or nothing. The foreign key to a conversation inserted by the CTE is checked at the end of
 * the statement, when the row exists.
 *
 * The same statement makes room under the caps: a new conversation deletes the user's least recently
 * active ones beyond `conversationsPerUser − 1` (their messages cascade); a turn deletes its
 * conversation's oldest messages beyond `messagesPerConversation − 2`. The CTEs see the rows as they were
 * before the statement, so the turn being stored is never pruned and the caps hold at every commit.
 *
 * A turn that moves the conversation's subject writes it in the same statement. A paid answer's rows are served
 * only once its hold is captured; its subject is written with them, so in the rare run whose capture then fails the
 * next follow-up reads against a question that was never served — it is read, not charged or shown.
 */
export async function insertTurn(db: Queryable, turn: StoredTurn, caps: StorageCaps): Promise<void> {
  const c = turn.conversation;
  const subject = c.subject === undefined ? null : JSON.stringify(c.subject);
  const conversation = c.isNew
    ? sql`new_conversation AS (
        INSERT INTO copilot_conversations (id, user_id, title, created_at, subject)
        VALUES (${c.id}, ${c.userId}, ${c.title}, ${turn.question.createdAt}, ${subject}::jsonb)
        ON CONFLICT (id) DO NOTHING RETURNING id),
      pruned_conversations AS (
        DELETE FROM copilot_conversations WHERE id IN (
          SELECT o.id FROM copilot_conversations o
          WHERE o.user_id = ${c.userId}
          ORDER BY (SELECT max(m.created_at) FROM copilot_messages m WHERE m.conversation_id = o.id) DESC NULLS LAST, o.created_at DESC, o.id DESC
          OFFSET ${Math.max(0, caps.conversationsPerUser - 1)})
        RETURNING id),`
    : c.subject === undefined
      ? sql``
      : sql`new_subject AS (UPDATE copilot_conversations SET subject = ${subject}::jsonb WHERE id = ${c.id} AND user_id = ${c.userId} RETURNING id),`;
  await db.query(sql`WITH ${conversation}
      pruned_messages AS (
        DELETE FROM copilot_messages WHERE id IN (
          SELECT m.id FROM copilot_messages m
          WHERE m.conversation_id = ${c.id} AND m.user_id = ${c.userId}
          ORDER BY m.created_at DESC, m.seq DESC, m.id DESC
          OFFSET ${Math.max(0, caps.messagesPerConversation - 2)})
        RETURNING id)
    INSERT INTO copilot_messages (id, conversation_id, user_id, role, text, citations, mode, status, cost_mt, hold_id, created_at, seq)
    VALUES ${messageValues(turn.question, 0)}, ${messageValues(turn.answer, 1)}`);
}

const MESSAGE_COLUMNS = sql`m.id, m.conversation_id, m.user_id, m.role, m.text, m.citations, m.mode, m.status, m.cost_mt, m.hold_id, m.created_at`;

/** The served messages of a conversation, oldest first; null when it is not this user's. */
export async function findConversation(
  q: Queryable,
  userId: string,
  id: string,
): Promise<{ conversation: StoredConversation; messages: StoredMessage[] } | null> {
  const [head] = await q.query<{ id: string; title: string; created_at: string | Date }>(
    sql`SELECT id, title, created_at FROM copilot_conversations WHERE id = ${id} AND user_id = ${userId}`,
  );
  if (!head) return null;
  const rows = await q.query<MessageRow>(sql`
    SELECT ${MESSAGE_COLUMNS} FROM copilot_messages m
    WHERE m.conversation_id = ${id} AND m.user_id = ${userId} AND ${servedMessage}
    ORDER BY m.created_at, m.seq, m.id`);
  if (rows.length === 0) return null;
  const messages = rows.map(toStoredMessage);
  return {
    conversation: { id: head.id, title: head.title, createdAt: toIso(head.created_at), updatedAt: messages.at(-1)!.createdAt },
    messages,
  };
}

/** The last `limit` served messages of a conversation, oldest first: the context a model sees. */
export async function listRecentMessages(q: Queryable, userId: string, conversationId: string, limit: number): Promise<StoredMessage[]> {
  const rows = await q.query<MessageRow>(sql`
    SELECT ${MESSAGE_COLUMNS} FROM copilot_messages m
    WHERE m.conversation_id = ${conversationId} AND m.user_id = ${userId} AND ${servedMessage}
    ORDER BY m.created_at DESC, m.seq DESC, m.id DESC LIMIT ${limit}`);
  return rows.map(toStoredMessage).reverse();
}

interface ConversationPageQuery {
  limit: number;
  /** Keyset: only conversations updated before this (updated_at, id). */
  before?: { updatedAt: string; id: string };
}

/** A user's conversations with a served message, most recently updated first. */
export async function listConversations(q: Queryable, userId: string, f: ConversationPageQuery): Promise<StoredConversation[]> {
  const where: SQL[] = [sql`TRUE`];
  if (f.before) where.push(sql`(updated_at, id) < (${f.before.updatedAt}::timestamptz, ${f.before.id}::uuid)`);
  const rows = await q.query<{ id: string; title: string; created_at: string | Date; updated_at: string | Date }>(sql`
    WITH served AS (
      SELECT c.id, c.title, c.created_at, max(m.created_at) AS updated_at
      FROM copilot_conversations c JOIN copilot_messages m ON m.conversation_id = c.id
      WHERE c.user_id = ${userId} AND ${servedMessage}
      GROUP BY c.id, c.title, c.created_at
    )
    SELECT id, title, created_at, updated_at FROM served WHERE ${sql.join(where, sql` AND `)}
    ORDER BY updated_at DESC, id DESC LIMIT ${f.limit}`);
  return rows.map((r) => ({ id: r.id, title: r.title, createdAt: toIso(r.created_at), updatedAt: toIso(r.updated_at) }));
}

/** Deletes a user's conversation and its messages; false when there is no such conversation of theirs. */
export async function deleteConversation(q: Queryable, userId: string, id: string): Promise<boolean> {
  const rows = await q.query<{ id: string }>(sql`DELETE FROM copilot_conversations WHERE id = ${id} AND user_id = ${userId} RETURNING id`);
  return rows.length === 1;
}

/** The user's conversations, each with its served messages in order, oldest first, for the account export. */
export async function readCopilotForExport(q: Queryable, userId: string): Promise<Array<Record<string, unknown>>> {
  const rows = await q.query<{ r: Record<string, unknown> }>(sql`
    SELECT row_to_json(t) AS r FROM (
      SELECT c.id, c.title, c.created_at,
        COALESCE((SELECT json_agg(json_build_object('id', m.id, 'role', m.role, 'text', m.text, 'citations', m.citations, 'mode', m.mode,
            'status', m.status, 'cost_mt', m.cost_mt, 'created_at', m.created_at) ORDER BY m.created_at, m.seq, m.id)
          FROM copilot_messages m WHERE m.conversation_id = c.id AND m.user_id = ${userId} AND ${servedMessage}), '[]'::json) AS messages
      FROM copilot_conversations c WHERE c.user_id = ${userId} ORDER BY c.created_at, c.id) t`);
  return rows.map((x) => x.r);
}
