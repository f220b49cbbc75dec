import { sql } from 'drizzle-orm';
import { type TestAppOptions, startTestApp } from './app.ts';
import type { DatabaseKind } from './db.ts';
import { insertTestUser } from './users.ts';
import { type AnalysesFeature, defaultAnalysisRuns, loadAnalysisInputs, loadPriceHistory } from '../features/analyses/index.ts';
import type { MarketFeature } from '../features/market/index.ts';
import type { ScreenerFeature } from '../features/screener/index.ts';
import { createLedgerService } from '../features/tokens/index.ts';
import { parseEventId } from '../features/copilot/copilot-streams.ts';
import type { CopilotToolDeps } from '../features/copilot/tools/index.ts';

/** Every new account starts Free with 10 tokens (10 000 mt); an answered question costs 300 mt. */
export const OPENING_BALANCE_MT = 10_000;
export const COPILOT_COST_MT = 300;

export interface SseEvent {
  id: string | null;
  event: string;
  // biome-ignore lint/suspicious/noExplicitAny: tests read each event's fields as the stream sent them.
  data: any;
}

/** Parses a `text/event-stream` body into its events, in order. */
export function parseSse(text: string): SseEvent[] {
  return text
    .split(/\n\n+/)
    .filter((block) => block.trim())
    .map((block) => {
      const lines = block.split('\n');
      const field = (name: string) =>
        lines
          .filter((l) => l.startsWith(`${name}:`))
          .map((l) => l.slice(name.length + 1).replace(/^ /, ''))
          .join('\n');
      const data = field('data');
      return { id: field('id') || null, event: field('event') || 'message', data: data ? JSON.parse(data) : null };
    });
}

/**
 * The real app on a fresh database plus what the copilot tests read: balances, holds, raw message rows,
 * the tools' dependencies for direct tool calls. `env` chooses the mode (AI_BASE_URL/AI_MODEL → llm).
 */
export async function startCopilotTest(kind: DatabaseKind, options: TestAppOptions = {}) {
  const { db, t } = await startTestApp(kind, { ...options, actAsHeader: true });
  const market = (t.features.find((f) => f.name === 'market') as MarketFeature).market;
  const analyses = (t.features.find((f) => f.name === 'analyses') as AnalysesFeature).analyses;
  const screener = (t.features.find((f) => f.name === 'screener') as ScreenerFeature).screener;
  const ledger = createLedgerService(db);
  const toolDeps: CopilotToolDeps = {
    market,
    runs: defaultAnalysisRuns,
    loadPriceHistory,
    loadAnalysisInputs,
    listAnalyses: (userId, q) => analyses.listAnalyses(userId, q),
    screen: (q) => screener.queryScreener(q),
  };

  async function createUser(balanceMt = OPENING_BALANCE_MT): Promise<string> {
    const { id } = await insertTestUser(db);
    await ledger.openAccount(id);
    if (balanceMt < OPENING_BALANCE_MT) {
      const h = await ledger.hold(id, OPENING_BALANCE_MT - balanceMt, 'test-spend-down');
      await ledger.capture(id, h.id);
    }
    return id;
  }

  const as = (userId: string) => {
    const headers = (extra: Record<string, string> = {}): Record<string, string> => ({ 'x-test-user-id': userId, ...extra });
    const streamRequest = (method: 'POST' | 'GET', path: string, body?: unknown, extra: Record<string, string> = {}) =>
      t.app.request(path, {
        method,
        headers: { origin: t.ctx.env.BASE_URL, ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...headers(extra) },
        body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
      });
    return {
      ask: (body: unknown) => t.json('POST', '/api/copilot/messages', body, headers()),
      /** The streamed answer: status, and the events once the stream ends. */
      stream: async (body: unknown, extra: Record<string, string> = {}) => {
        const res = await streamRequest('POST', '/api/copilot/messages/stream', body, extra);
        const text = await res.text();
        const isSse = (res.headers.get('content-type') ?? '').startsWith('text/event-stream');
        return { status: res.status, res, events: isSse ? parseSse(text) : [], body: isSse ? null : JSON.parse(text) };
      },
      resume: async (lastEventId: string, via: 'header' | 'query' = 'header') => {
        const path = via === 'query' ? `/api/copilot/messages/stream?last_event_id=${encodeURIComponent(lastEventId)}` : '/api/copilot/messages/stream';
        const res = await streamRequest('GET', path, undefined, via === 'header' ? { 'last-event-id': lastEventId } : {});
        const text = await res.text();
        const isSse = (res.headers.get('content-type') ?? '').startsWith('text/event-stream');
        return { status: res.status, events: isSse ? parseSse(text) : [], body: isSse ? null : JSON.parse(text) };
      },
      list: (query = '') => t.json('GET', `/api/copilot/conversations${query}`, undefined, headers()),
      open: (id: string) => t.json('GET', `/api/copilot/conversations/${id}`, undefined, headers()),
      remove: (id: string) => t.json('DELETE', `/api/copilot/conversations/${id}`, undefined, headers()),
      status: () => t.json('GET', '/api/copilot/status', undefined, headers()),
      tokenLedger: () => t.json('GET', '/api/tokens/ledger', undefined, headers()),
      runAnalysis: (body: unknown) => t.json('POST', '/api/analyses', body, headers()),
    };
  };

  const balanceMt = async (userId: string) => (await ledger.getAccount(userId)).availableMt;
  const messageRows = (userId: string) =>
    db.query<{ role: string; text: string; status: string | null; cost_mt: number; hold_id: string | null }>(
      sql`SELECT role, text, status, cost_mt, hold_id FROM copilot_messages WHERE user_id = ${userId} ORDER BY created_at, seq`,
    );
  const holdsOf = (userId: string) => ledger.listHolds(userId);

  return { db, t, market, analyses, ledger, toolDeps, createUser, as, balanceMt, messageRows, holdsOf, parseEventId };
}

export type CopilotTest = Awaited<ReturnType<typeof startCopilotTest>>;
