import { type AlertRule, describeFiring, evaluateAlert, type SymbolPoint } from './alert-rules.ts';

/** An alert as the tick reads it: its rule and the state it was last left in. */
export interface AlertState extends AlertRule {
  id: string;
  symbol: string;
  lastSide: string | null;
  lastAsOf: string | null;
}

/** A change of side to store: the new state, the state it was read in (the compare), and the notification when it fired. */
export interface Transition {
  id: string;
  prevSide: string | null;
  prevAsOf: string | null;
  side: string | null;
  value: number | null;
  asOf: string;
  fired: boolean;
  title: string | null;
  body: string | null;
}

/**
 * One data refresh over many alerts. Only a change of side is written (a firing, or a re-arming): an alert
 * that stays where it was costs no write, so a tick without crossings writes nothing. A point no newer than
 * the day the side was last set is skipped, so a slow process holding yesterday's data cannot replay it.
 */
export function planTransitions(alerts: readonly AlertState[], points: ReadonlyMap<string, SymbolPoint | null>): Transition[] {
  const out: Transition[] = [];
  for (const a of alerts) {
    const p = points.get(a.symbol);
    if (!p || (a.lastAsOf !== null && p.asOf <= a.lastAsOf)) continue;
    const e = evaluateAlert(a, a.lastSide, p);
    if (e.side === a.lastSide) continue;
    const message = e.fired ? describeFiring(a, a.lastSide, p) : null;
    out.push({
      id: a.id,
      prevSide: a.lastSide,
      prevAsOf: a.lastAsOf,
      side: e.side,
      value: e.value,
      asOf: p.asOf,
      fired: e.fired,
      title: message?.title ?? null,
      body: message?.body ?? null,
    });
  }
  return out;
}
