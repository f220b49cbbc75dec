import type { Sentence } from '../analysis-types.ts';
import type { Attribution } from '../attribution/attribution-types.ts';
import { dragKey, liftKey } from '../attribution/driver-facts.ts';
import { type FactReader, lowerLabel } from './note-rules.ts';

/*
 * The sentence that says what moved the note's main grade or rating most, from its attribution: the
 * biggest lift and the biggest drag, each quoted from its driver fact so the number check backs it.
 */

/** A contribution as the note writes it: signed for scores ("+0.05", "−4.10"), dollars a share for the DCF. */
function quote(r: FactReader, key: string, unit: Attribution['unit']): string {
  const v = r.num(key)!;
  if (unit === 'usd_per_share') return `$${Math.abs(v).toFixed(2)} a share`;
  const text = r.fmtSize(key);
  return v < 0 ? `−${text}` : `+${text}`;
}

/** How the driver fact names its input: "the RSI (14) sell vote, one of 3 alike". */
function nameFrom(r: FactReader, key: string): { name: string; tied: boolean } {
  const name = r.label(key).split(': ').slice(1).join(': ');
  const tie = / \(one of (\d+) that weigh the same\)$/.exec(name);
  return tie ? { name: `${name.slice(0, tie.index)}, one of ${tie[1]} alike`, tied: true } : { name, tied: false };
}

/** "The technical rating is lifted most by the SMA (10) buy vote (+0.03) and held back most by the RSI (14) sell vote (−0.05)." Null when nothing stands out. */
export function describeDrivers(r: FactReader, a: Attribution): Sentence | null {
  const parts: string[] = [];
  const keys: string[] = [];
  const dcf = a.unit === 'usd_per_share';
  for (const [key, verb] of [
    [liftKey(a.target), dcf ? 'adds the most' : 'lifted most by'],
    [dragKey(a.target), dcf ? 'takes off the most' : 'held back most by'],
  ] as const) {
    if (!r.has(key)) continue;
    const { name, tied } = nameFrom(r, key);
    const amount = `(${quote(r, key, a.unit)}${tied ? ' each' : ''})`;
    parts.push(dcf ? `the ${name} ${verb} ${amount}` : `${verb} ${name} ${amount}`);
    keys.push(key);
  }
  if (parts.length === 0) return null;
  const what = r.has(a.target) ? lowerLabel(r.label(a.target).replace(/\s*\(.*\)$/, '')) : 'score';
  const text = dcf ? `Of the fair value, ${parts.join(' and ')}.` : `The ${what} is ${parts.join(' and ')}.`;
  return { text, fact_keys: keys };
}
