import { CalendarClock } from 'lucide-react';
import { Link } from 'react-router';
import { useDataFreshness } from '../../../lib/data-freshness.ts';

/**
 * The site-wide strip under the top bar while the prices trail the market by two trading days or more: every
 * figure and verdict on the page is as of that day, and a reader must know before trusting one. Renders nothing
 * while the data is current or the answer has not come.
 */
export function DataFreshnessStrip() {
  const { data } = useDataFreshness();
  if (!data?.stale || !data.notice) return null;
  return (
    <div
      role="note"
      aria-label="Data freshness"
      className="border-b border-info-muted bg-info-soft px-4 py-1.5 text-center text-xs text-info-strong sm:text-sm"
    >
      <CalendarClock className="mr-1.5 inline size-4 align-[-3px]" aria-hidden />
      <strong className="font-semibold">{data.notice}</strong> <span className="hidden sm:inline">{data.reason} </span>
      <Link to="/about#data" className="font-medium underline underline-offset-2">
        About the data
      </Link>
    </div>
  );
}
