import { Download, SlidersHorizontal } from 'lucide-react';
import { useDeferredValue, useEffect, useState } from 'react';
import { toast } from 'sonner';
import { findField, type ScreenerField } from '../../../../../core/screener/fields.ts';
import { SCREENER_PRESETS } from '../../../../../core/screener/presets.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Sheet } from '../../../components/ui/sheet.tsx';
import { ApiError } from '../../../lib/api.ts';
import { exportScreenerCsv } from '../api/export-screener.ts';
import { useScreenerFields } from '../api/get-fields.ts';
import { useScreenerQuery } from '../api/query-screener.ts';
import { effectiveSort, matchesDefinition, pickColumns, screenFromDefinition, toDefinition, toQueryBody } from '../screen-query.ts';
import { EMPTY_SCREEN, type ScreenState, setFilter, toggleSort } from '../screen-url.ts';
import { useScreenInUrl } from '../use-screen-in-url.ts';
import { ActiveFilterChips } from './active-filter-chips.tsx';
import { ColumnChooser } from './column-chooser.tsx';
import { FilterPanel } from './filter-panel.tsx';
import { Pagination } from './pagination.tsx';
import { PresetBar } from './preset-bar.tsx';
import { ResultsSkeleton, ResultsTable } from './results-table.tsx';
import { SavedScreens } from './saved-screens.tsx';
import { formatCount } from '../../../../../core/text/plural.ts';

export const fieldsOf = (ids: readonly string[]) => ids.map((id) => findField(id)).filter((f): f is ScreenerField => f !== undefined);

const describeCount = (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'match' : 'matches'}`;

/**
 * The screener for a signed-in user: presets, saved screens, every filter, the results and the CSV export.
 * Labels, units and presets come from core/screener (in the bundle), so the first rows render as soon as
 * the query answers; the catalog request only brings the distributions for the filter panel.
 */
export function ScreenerTool({ userId }: { userId: string }) {
  const { screen, setScreen, edit } = useScreenInUrl();
  const fields = useScreenerFields();
  // The filter panel (hundreds of inputs and histogram bars) renders after the rows, not in the same frame.
  const catalog = useDeferredValue(fields.data, undefined);
  const results = useScreenerQuery(toQueryBody(screen));
  const [sheetOpen, setSheetOpen] = useState(false);
  const [exporting, setExporting] = useState(false);
  const columns = fieldsOf(pickColumns(screen));
  const sort = effectiveSort(screen);
  const total = results.data?.total;

  // A page past the end (a bookmark from a bigger result, or rows filtered away): the first page instead.
  const pastTheEnd = results.error instanceof ApiError && results.error.field === 'page' && screen.page > 1;
  useEffect(() => {
    if (pastTheEnd) setScreen({ ...screen, page: 1 }, { replace: true });
  }, [pastTheEnd, screen, setScreen]);

  const onExport = async () => {
    setExporting(true);
    try {
      await exportScreenerCsv(toDefinition(screen));
    } catch (e) {
      toast.error((e as Error).message);
    } finally {
      setExporting(false);
    }
  };

  const activePreset = SCREENER_PRESETS.find((p) => matchesDefinition(screen, p))?.id ?? null;
  const panel = fields.isError ? null : !catalog ? (
    <p className="text-sm text-fg-muted">Loading filters…</p>
  ) : (
    <FilterPanel catalog={catalog} screen={screen} edit={edit} />
  );
  const panelError = fields.isError && (
    <Alert tone="error" title="The filters could not be loaded">
      {(fields.error as Error).message}{' '}
      <button type="button" className="font-medium underline" onClick={() => fields.refetch()}>
        Try again
      </button>
    </Alert>
  );
  const saved = <SavedScreens userId={userId} current={toDefinition(screen)} onOpen={(s) => setScreen(screenFromDefinition(s, screen.pageSize))} />;

  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-[20rem_minmax(0,1fr)]">
      <aside aria-label="Filters and saved screens" className="hidden lg:block">
        <div className="space-y-4 lg:sticky lg:top-20 lg:max-h-[calc(100dvh-6rem)] lg:overflow-y-auto lg:pr-2 lg:pb-4">
          {saved}
          <h2 className="text-sm font-semibold text-fg">Filters</h2>
          {panelError}
          {panel}
        </div>
      </aside>

      <div className="min-w-0 space-y-4">
        <PresetBar presets={SCREENER_PRESETS} activeId={activePreset} onPick={(p) => setScreen(screenFromDefinition(p, screen.pageSize))} />

        <div className="flex flex-wrap items-center gap-2">
          <Button variant="outline" size="sm" className="h-9 lg:hidden" onClick={() => setSheetOpen(true)}>
            <SlidersHorizontal className="size-4" aria-hidden />
            Filters{screen.filters.length > 0 ? ` (${screen.filters.length})` : ''}
          </Button>
          <p className="mr-auto text-sm font-medium text-fg" aria-live="polite" data-testid="match-count">
            {total === undefined ? '' : describeCount(total)}
          </p>
          <ColumnChooser columns={pickColumns(screen)} onChange={(c) => setScreen({ ...screen, columns: c })} />
          <Button variant="outline" size="sm" className="h-9" onClick={onExport} loading={exporting} disabled={!total}>
            <Download className="size-4" aria-hidden />
            Export CSV
          </Button>
        </div>

        <ActiveFilterChips
          filters={screen.filters}
          onRemove={(field) => setScreen(setFilter(screen, field, null))}
          onClear={() => setScreen({ ...EMPTY_SCREEN, sort: screen.sort, columns: screen.columns, pageSize: screen.pageSize })}
        />

        <Results
          results={results}
          columns={columns}
          screen={screen}
          pastTheEnd={pastTheEnd}
          onSort={(f) => setScreen(toggleSort({ ...screen, sort }, f))}
          onRemoveFilter={(field) => setScreen(setFilter(screen, field, null))}
        />

        {results.data && results.data.total > 0 && (
          <Pagination
            page={screen.page}
            pageSize={screen.pageSize}
            total={results.data.total}
            onPage={(page) => setScreen({ ...screen, page })}
            onPageSize={(pageSize) => setScreen({ ...screen, pageSize, page: 1 })}
          />
        )}
        <div className="lg:hidden">{saved}</div>
      </div>

      <Sheet
        open={sheetOpen}
        onClose={() => setSheetOpen(false)}
        title="Filters"
        footer={
          <Button className="w-full" onClick={() => setSheetOpen(false)}>
            Show {total === undefined ? 'results' : describeCount(total)}
          </Button>
        }
      >
        {panelError}
        {panel}
      </Sheet>
    </div>
  );
}

function Results({
  results,
  columns,
  screen,
  pastTheEnd,
  onSort,
  onRemoveFilter,
}: {
  results: ReturnType<typeof useScreenerQuery>;
  columns: ScreenerField[];
  screen: ScreenState;
  pastTheEnd: boolean;
  onSort: (field: string) => void;
  onRemoveFilter: (field: string) => void;
}) {
  if (results.isError && !pastTheEnd) {
    const e = results.error as Error;
    // The server names the part of the request at fault, e.g. `filters.2.min`.
    const index = e instanceof ApiError ? /^filters\.(\d+)/.exec(e.field ?? '')?.[1] : undefined;
    const filter = index === undefined ? undefined : screen.filters[Number(index)];
    return (
      <Alert tone="error" title="This screen could not be run">
        {e.message}
        {filter && (
          <button type="button" className="ml-2 font-medium underline" onClick={() => onRemoveFilter(filter.field)}>
            Remove the {findField(filter.field)?.short ?? filter.field} filter
          </button>
        )}
      </Alert>
    );
  }
  if (!results.data) return <ResultsSkeleton columns={Math.min(6, columns.length)} />;
  if (results.data.total === 0)
    return (
      <Alert tone="info" title="No stock or ETF passes every filter">
        Loosen a bound or remove a filter: each filter&apos;s histogram shows where most of the universe sits.
      </Alert>
    );
  return (
    <ResultsTable
      columns={columns}
      rows={results.data.rows}
      sort={effectiveSort(screen)}
      onSort={onSort}
      busy={results.isPlaceholderData}
      caption={`Stocks and ETFs matching ${formatCount(screen.filters.length, 'filter')}, page ${screen.page}`}
    />
  );
}
