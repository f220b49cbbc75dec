import { Clock } from 'lucide-react';
import { DATA_AS_OF } from '../snapshot.ts';

/** The snapshot date of the bundled market data, shown on every symbol page. */
export function DataAsOf({ servedBy }: { servedBy?: 'live' | 'cache' | 'bundled' }) {
  return (
    <p className="inline-flex items-center gap-1.5 rounded-full bg-surface-subtle px-3 py-1 text-xs font-medium text-fg-secondary">
      <Clock className="size-3.5" aria-hidden />
      {servedBy && servedBy !== 'bundled' ? 'Delayed market data' : `Data as of ${DATA_AS_OF}`}
    </p>
  );
}
