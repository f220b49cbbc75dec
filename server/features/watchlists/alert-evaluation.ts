import type { SymbolPoint } from '../../../core/watchlist/alert-rules.ts';
import { planTransitions } from '../../../core/watchlist/plan-transitions.ts';
import type { Database } from '../../adapters/db/index.ts';
import type { Mailer } from '../../adapters/mail/index.ts';
import type { Logger } from '../../lib/logger.ts';
import { applyTransitions, claimDueEmails, type EmailClaim, finishEmail, listAlertedSymbols, listAlertStates, MAX_EMAIL_ATTEMPTS } from './watchlist-store.ts';

/** Where a tick reads a symbol's latest point: the market data in the app, a scripted sequence in tests. */
export type PointSource = (symbol: string) => Promise<SymbolPoint | null>;

export interface AlertEvaluationContext {
  db: Database;
  mailer: Mailer | null;
  points: PointSource;
  logger: Logger;
  now: () => Date;
  baseUrl: string;
  /**
   * This process's memory of the data day each alerted symbol was last evaluated on. Sides are only written
   * when they change, so the rows cannot say it: without it every tick would re-read and re-evaluate every alert.
   */
  evaluatedDays: Map<string, string>;
}

export interface TickReport {
  symbols: number;
  /** Alerts read: those on symbols with a new data day since this process's last tick. */
  alerts: number;
  /** Alerts whose side changed on the new data (firings and re-armings): the rows written. */
  changed: number;
  fired: number;
  emailed: number;
}

/** E-mails claimed per tick: a burst beyond this goes out on the next ticks. */
const EMAILS_PER_TICK = 200;

/**
 * One evaluation tick: reads every alerted symbol's point, reads and plans only the alerts of symbols with a
 * new data day since this process's last tick, applies them with one compare-and-set statement (a process
 * that lost the race moves nothing), then sends the e-mails that are due. Safe to run in several processes at once.
 */
export async function runAlertTick(ctx: AlertEvaluationContext): Promise<TickReport> {
  const symbols = await listAlertedSymbols(ctx.db);
  const points = new Map<string, SymbolPoint | null>();
  for (const s of symbols) {
    try {
      points.set(s, await ctx.points(s));
    } catch (err) {
      // One symbol's data failing leaves its alerts for the next tick; the others go on.
      ctx.logger.warn({ err, symbol: s }, 'watchlists: no point for an alerted symbol');
    }
  }
  const newDays = new Map<string, string>();
  for (const [symbol, p] of points) if (p && ctx.evaluatedDays.get(symbol) !== p.asOf) newDays.set(symbol, p.asOf);
  // A refresh of every symbol (the usual new data day) reads the table whole rather than through a list of all its symbols.
  const alerts = newDays.size === 0 ? [] : await listAlertStates(ctx.db, newDays.size === symbols.length ? null : [...newDays.keys()]);
  const transitions = planTransitions(alerts, points);
  const fired = await applyTransitions(ctx.db, transitions, ctx.now().toISOString());
  // Remembered once applied: a tick that failed before this point evaluates the same days again.
  for (const [symbol, day] of newDays) ctx.evaluatedDays.set(symbol, day);
  const alerted = new Set(symbols);
  for (const symbol of ctx.evaluatedDays.keys()) if (!alerted.has(symbol)) ctx.evaluatedDays.delete(symbol);
  const emailed = await sendDueEmails(ctx);
  return { symbols: symbols.length, alerts: alerts.length, changed: transitions.length, fired: fired.length, emailed };
}

function composeMail(ctx: AlertEvaluationContext, c: EmailClaim) {
  const url = `${ctx.baseUrl}/smart-watchlist`;
  const escapeHtml = (s: string) => s.replace(/[&<>"]/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[ch]!);
  return {
    to: c.to,
    subject: `Stockpilot alert: ${c.title}`,
    text: `${c.body}\n\nOpen your watchlist: ${url}\n\nYou get this because the alert is set to e-mail you; switch it off on the watchlist page.`,
    html: `<p>${escapeHtml(c.body)}</p><p><a href="${url}">Open your watchlist</a></p><p style="color:#64748b">You get this because the alert is set to e-mail you; switch it off on the watchlist page.</p>`,
    links: [url],
  };
}

/** Sends the due alert e-mails this process claimed; a failure goes back to pending until its third attempt. */
async function sendDueEmails(ctx: AlertEvaluationContext): Promise<number> {
  if (!ctx.mailer) return 0;
  const claims = await claimDueEmails(ctx.db, ctx.now().toISOString(), EMAILS_PER_TICK);
  let sent = 0;
  for (const c of claims) {
    try {
      await ctx.mailer.send(composeMail(ctx, c));
      await finishEmail(ctx.db, c.id, 'sent');
      sent++;
    } catch (err) {
      ctx.logger.warn({ err, notification: c.id, attempt: c.attempts }, 'watchlists: alert e-mail failed');
      await finishEmail(ctx.db, c.id, c.attempts >= MAX_EMAIL_ATTEMPTS ? 'failed' : 'retry');
    }
  }
  return sent;
}
