import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { DCF_EXAMPLE_SYMBOL } from '../../../../core/analysis/dcf/studio.ts';
import { getActionCostMt } from '../../../../core/tokens/costs.ts';
import { MT_PER_TOKEN } from '../../../../core/tokens/units.ts';
import { PageShell } from '../../components/layout/page-shell.tsx';
import { Alert } from '../../components/ui/alert.tsx';
import { Button, ButtonLink } from '../../components/ui/button.tsx';
import { Card, CardContent } from '../../components/ui/card.tsx';
import { Field, Input } from '../../components/ui/input.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { buildAnalysisPath, createIdempotencyKey, DcfHeatMap, DcfProjectionTable, runAnalysis } from '../../features/analyses/index.ts';
import {
  DcfStudio,
  type DcfSetupResponse,
  type StudioState,
  useDcfSetup,
  useSaveValuation,
  useValuation,
  type ValuationResponse,
  SavedValuations,
} from '../../features/dcf-studio/index.ts';
import { useSubscription } from '../../features/tokens/index.ts';
import { ApiError } from '../../lib/api.ts';
import { SymbolPicker } from '../dcf/symbol-picker.tsx';
import { SignedInOrExample } from '../signed-in-or-example.tsx';

const NOTE_COST_TOKENS = getActionCostMt('dcf') / MT_PER_TOKEN;
const SYMBOL_PARAM = 'symbol';
const VALUATION_PARAM = 'valuation';

const heatMap = (grid: Parameters<typeof DcfHeatMap>[0]['grid'], priceUsd: number, base: { discountRate: number; terminalGrowth: number }) => (
  <DcfHeatMap grid={grid} priceUsd={priceUsd} base={base} />
);
const projectionTable = (years: Parameters<typeof DcfProjectionTable>[0]['years']) => <DcfProjectionTable years={years} />;

const STEPS: Array<[string, string]> = [
  ['Start from the cash', 'The base is the last fiscal year’s free cash flow from the SEC filing: operating cash flow minus capital expenditure.'],
  [
    'Project it in two stages',
    'It grows at your rate for the explicit years, then growth steps down each fade year to a terminal rate no company can outrun forever.',
  ],
  [
    'Discount at the WACC',
    'Each year is divided by (1 + WACC)^t. WACC blends the CAPM cost of equity (risk-free + beta × equity risk premium) with the after-tax cost of debt.',
  ],
  [
    'Add the terminal value, then bridge to a share',
    'Gordon’s FCF × (1 + g) / (WACC − g) values the years after; it is refused when g is within 1.5 points of the WACC, and flagged when it is over 75 % of the value. Subtract net debt and minority interests, divide by diluted shares.',
  ],
];

function SetupState({ setup, children }: { setup: ReturnType<typeof useDcfSetup>; children: (s: DcfSetupResponse) => React.ReactNode }) {
  if (setup.isPending) return <Spinner label="Loading the company’s figures" />;
  if (setup.isError)
    return (
      <Alert tone="error" title="This company cannot be valued here">
        {(setup.error as Error).message}
      </Alert>
    );
  return <>{children(setup.data)}</>;
}

/** Signed out: the method in four steps and a live, read-only valuation of the example on real data. */
function PublicPage() {
  const setup = useDcfSetup(DCF_EXAMPLE_SYMBOL);
  return (
    <PageShell
      title="DCF Stock Valuation"
      lead="What a business could be worth from the cash it generates, and what today’s price already assumes. Every input comes from the filings or a formula you can see."
      width="wide"
    >
      <ol className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {STEPS.map(([title, text], i) => (
          <li key={title} className="rounded-xl border border-border bg-surface p-4">
            <p className="text-sm font-semibold text-brand-fg">Step {i + 1}</p>
            <h2 className="mt-1 font-semibold text-fg">{title}</h2>
            <p className="mt-1 text-sm text-fg-muted">{text}</p>
          </li>
        ))}
      </ol>
      <section aria-labelledby="live-example" className="mt-10 space-y-4">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
          <div>
            <h2 id="live-example" className="text-xl font-semibold text-fg">
              Live example: {setup.data?.name ?? DCF_EXAMPLE_SYMBOL}
            </h2>
            <p className="text-sm text-fg-muted">
              {setup.data
                ? `Real figures: FY${setup.data.fiscal_year} statements and the close of ${setup.data.price_date}, with the base preset from its own growth record.`
                : 'Real figures from the bundled filings and prices.'}
            </p>
          </div>
          <ButtonLink to="/signup" variant="secondary">
            Value any company free
          </ButtonLink>
        </div>
        <SetupState setup={setup}>{(s) => <DcfStudio setup={s} readOnly renderGrid={heatMap} renderProjection={projectionTable} />}</SetupState>
      </section>
    </PageShell>
  );
}

function SaveBar({ state, setup, onSaved }: { state: StudioState; setup: DcfSetupResponse; onSaved: (v: ValuationResponse) => void }) {
  const [label, setLabel] = useState('');
  const [noteError, setNoteError] = useState<ApiError | null>(null);
  const [writing, setWriting] = useState(false);
  const save = useSaveValuation();
  const subscription = useSubscription();
  const queryClient = useQueryClient();
  const valid = state.error === null;
  const body = () => ({ symbol: setup.symbol, inputs: state.inputs, label: label.trim() || null });

  const saveWithNote = async () => {
    setNoteError(null);
    setWriting(true);
    try {
      const analysis = await runAnalysis({ symbol: setup.symbol, kind: 'dcf', dcf_inputs: state.inputs }, { idempotencyKey: createIdempotencyKey() });
      onSaved(await save.mutateAsync({ ...body(), analysis_id: analysis.id }));
    } catch (e) {
      setNoteError(e instanceof ApiError ? e : new ApiError(0, 'INTERNAL_ERROR', 'The note could not be written. Nothing was charged.'));
    } finally {
      setWriting(false);
      void subscription.refresh();
      void queryClient.invalidateQueries({ queryKey: ['tokens'] });
    }
  };

  return (
    <Card>
      <CardContent className="flex flex-col gap-3 pt-5 md:flex-row md:items-end">
        <div className="md:w-72">
          <Field label="Name (optional)">
            {(aria) => <Input {...aria} value={label} maxLength={80} onChange={(e) => setLabel(e.target.value)} placeholder="e.g. Slower growth" />}
          </Field>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" disabled={!valid} loading={save.isPending && !writing} onClick={() => save.mutate(body(), { onSuccess: onSaved })}>
            Save valuation (free)
          </Button>
          <Button variant="outline" disabled={!valid} loading={writing} onClick={saveWithNote}>
            Save with a written note ({NOTE_COST_TOKENS} token{NOTE_COST_TOKENS === 1 ? '' : 's'})
          </Button>
        </div>
        <p className="text-xs text-fg-muted md:ml-auto md:max-w-56">Tweaking is free. The note is the DCF analysis on these inputs, kept in your history.</p>
      </CardContent>
      {(save.isError || noteError) && (
        <CardContent>
          <Alert tone="error">
            {(noteError ?? save.error)?.message}
            {noteError?.status === 402 && (
              <>
                {' '}
                <a className="font-medium underline" href="/token-topup">
                  Get tokens
                </a>
              </>
            )}
          </Alert>
        </CardContent>
      )}
      {save.isSuccess && !save.isPending && (
        <CardContent>
          <p className="text-sm text-positive" role="status">
            Saved{save.data.analysis_id ? ' with its written note' : ''}: {setup.symbol} at ${save.data.result.fair_value_per_share.toFixed(2)} a share.
          </p>
        </CardContent>
      )}
    </Card>
  );
}

/** Signed in: the studio for any covered company, saved valuations, and the paid written note. */
function StudioPage() {
  const [params, setParams] = useSearchParams();
  const openId = params.get(VALUATION_PARAM);
  const opened = useValuation(openId);
  const symbol = (opened.data?.symbol ?? params.get(SYMBOL_PARAM) ?? DCF_EXAMPLE_SYMBOL).toUpperCase();
  const setup = useDcfSetup(symbol);
  const pick = (s: string) => setParams({ [SYMBOL_PARAM]: s });
  const open = (v: ValuationResponse) => setParams({ [SYMBOL_PARAM]: v.symbol, [VALUATION_PARAM]: v.id });
  const reopened = opened.data && opened.data.symbol === symbol ? opened.data : null;
  return (
    <PageShell
      title="DCF Stock Valuation"
      lead="Change any assumption and the value follows at once. Presets come from the company’s own growth record."
      width="wide"
    >
      <div className="space-y-6">
        <SymbolPicker current={symbol} onPick={pick} />
        {openId && opened.isPending ? (
          <Spinner label="Opening your valuation" />
        ) : (
          <>
            {opened.isError && <Alert tone="error">{(opened.error as Error).message}</Alert>}
            <SetupState setup={setup}>
              {(s) => (
                <>
                  {reopened && (
                    <p className="text-sm text-fg-secondary" role="status">
                      Reopened {reopened.label ? `“${reopened.label}”` : 'your valuation'} of {new Date(reopened.created_at).toLocaleDateString()}: saved at $
                      {reopened.result.fair_value_per_share.toFixed(2)} on {reopened.result.as_of}; recomputed on today’s figures below.
                    </p>
                  )}
                  <DcfStudio
                    key={`${s.symbol}:${s.as_of}:${reopened?.id ?? 'new'}`}
                    setup={s}
                    initialInputs={reopened?.inputs}
                    renderGrid={heatMap}
                    renderProjection={projectionTable}
                    renderActions={(state) => <SaveBar state={state} setup={s} onSaved={open} />}
                  />
                </>
              )}
            </SetupState>
          </>
        )}
        <SavedValuations
          openId={openId}
          onOpen={open}
          notePath={(v) => buildAnalysisPath({ id: v.analysis_id!, symbol: v.symbol, kind: 'dcf', subtype: null })}
        />
      </div>
    </PageShell>
  );
}

/** `/dcf-stock-valuation`: the tool for signed-in users, its explanation with a live example for everyone else. */
export default function DcfStockValuationPage() {
  return <SignedInOrExample tool={() => <StudioPage />} example={<PublicPage />} />;
}
