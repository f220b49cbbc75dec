import { useState } from 'react';
import { type ScreenerPreset, SCREENER_PRESETS } from '../../../../../core/screener/presets.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { useScreenerFields } from '../api/get-fields.ts';
import { useScreenerQuery } from '../api/query-screener.ts';
import { effectiveSort, pickColumns, screenFromDefinition, toDefinition, toQueryBody } from '../screen-query.ts';
import type { ScreenState } from '../screen-url.ts';
import { describeFilter } from './active-filter-chips.tsx';
import { PresetBar } from './preset-bar.tsx';
import { ResultsSkeleton, ResultsTable } from './results-table.tsx';
import { fieldsOf } from './screener-tool.tsx';

const EXAMPLE_ROWS = 10;
/** The five presets the issue names; the others are for signed-in users. */
const EXAMPLE_PRESETS = SCREENER_PRESETS.slice(0, 5);

const SHARED_ID = 'shared';

/** A screen from a link, shown like a preset so a visitor who was sent one sees its rows first. */
const toSharedPreset = (s: ScreenState): ScreenerPreset => ({
  id: SHARED_ID,
  name: 'Shared screen',
  description: 'The screen in the link you opened. Sign up to change it, save it or export it.',
  ...toDefinition(s),
});

/** For visitors: a preset (or the screen of a shared link) run live on the current data, read-only, its first rows. */
export function ScreenerExample({ shared }: { shared: ScreenState | null }) {
  const presets = shared && shared.filters.length > 0 ? [toSharedPreset(shared), ...EXAMPLE_PRESETS] : EXAMPLE_PRESETS;
  const [pickedId, setPickedId] = useState(presets[0]!.id);
  const preset = presets.find((p) => p.id === pickedId) ?? presets[0]!;
  const screen = { ...screenFromDefinition(preset), pageSize: EXAMPLE_ROWS };
  const results = useScreenerQuery(toQueryBody(screen));
  // Only for "of N"; the example does not wait for it.
  const universe = useScreenerFields().data?.universe.rows;
  return (
    <div className="space-y-4">
      <PresetBar presets={presets} activeId={preset.id} onPick={(p) => setPickedId(p.id)} />
      <div className="rounded-xl border border-border bg-surface p-4 text-sm">
        <p className="font-semibold text-fg">{preset.name}</p>
        <p className="mt-1 text-fg-secondary">{preset.description}</p>
        <ul className="mt-2 flex flex-wrap gap-1.5" aria-label="Its filters">
          {screen.filters.map((f) => (
            <li key={f.field} className="rounded-full bg-brand-soft px-2.5 py-0.5 text-xs font-medium text-brand-fg">
              {describeFilter(f)}
            </li>
          ))}
        </ul>
      </div>
      {results.isError ? (
        <Alert tone="error" title="The live example could not be loaded">
          {(results.error as Error).message}
        </Alert>
      ) : !results.data || results.isPlaceholderData ? (
        <ResultsSkeleton rows={EXAMPLE_ROWS} />
      ) : (
        <>
          <p className="text-sm text-fg-secondary" aria-live="polite" data-testid="example-count">
            {results.data.total.toLocaleString('en-US')}
            {universe ? ` of ${universe.toLocaleString('en-US')}` : ''} stocks and ETFs pass
            {results.data.total > EXAMPLE_ROWS ? `; the first ${EXAMPLE_ROWS} are shown` : ''}. Prices as of {results.data.data_as_of}.
          </p>
          <ResultsTable
            columns={fieldsOf(pickColumns(screen))}
            rows={results.data.rows}
            sort={effectiveSort(screen)}
            caption={`${preset.name}: the first ${EXAMPLE_ROWS} results`}
          />
        </>
      )}
    </div>
  );
}
