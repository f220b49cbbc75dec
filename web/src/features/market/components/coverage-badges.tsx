import type { Coverage, SearchHit } from '../api/search-symbols.ts';

/** What can be analysed for a symbol, in words. */
export function describeCoverage(c: Coverage): string[] {
  const out: string[] = [];
  if (c.history === 'daily') out.push('Daily price history');
  if (c.history === 'monthly') out.push('Monthly price history');
  if (c.fundamentals) out.push('Fundamentals');
  if (c.etf) out.push('ETF holdings & costs');
  if (c.dividends) out.push('Dividends');
  return out;
}

export function CoverageBadges({ coverage }: { coverage: Coverage }) {
  const items = describeCoverage(coverage);
  if (items.length === 0) return <span className="text-xs text-fg-subtle">Listed only: no data to analyse yet</span>;
  return (
    <ul className="flex flex-wrap gap-1.5" aria-label="Available data">
      {items.map((i) => (
        <li key={i} className="rounded-full bg-brand-soft px-2 py-0.5 text-xs font-medium text-brand-fg">
          {i}
        </li>
      ))}
    </ul>
  );
}

const NEEDS: Record<string, string> = {
  daily: 'daily prices',
  fundamentals: 'financial statements',
  quote: 'a price',
  etf: 'ETF holdings or costs',
};

/**
 * Why no analysis can run on a search hit, in a few words ("Not analysable yet: no daily prices or financial
 * statements"; "Delisted Mar 1, 2024: not analysable"); null when one can, or when the server did not say.
 */
export function describeUnanalysable(analysis: SearchHit['analysis']): string | null {
  if (!analysis || analysis.analysable) return null;
  if (analysis.delisted_on) {
    const day = new Date(`${analysis.delisted_on}T12:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
    return `Delisted ${day}: not analysable`;
  }
  const needs = [...new Set(analysis.unavailable.map((u) => NEEDS[u.needs] ?? u.needs))];
  return needs.length > 0 ? `Not analysable yet: no ${needs.join(' or ')}` : 'Not analysable yet';
}

/** The note a search list shows under a hit nothing can be run on: small, muted, and read out with the option. */
export function UnanalysableNote({ analysis, className = '' }: { analysis: SearchHit['analysis']; className?: string }) {
  const note = describeUnanalysable(analysis);
  if (!note) return null;
  return <span className={`block truncate text-xs text-fg-subtle ${className}`}>{note}</span>;
}
