import type { ReactNode } from 'react';
import type { DcfGrid } from '../../../../../core/analysis/dcf/grid.ts';
import type { DcfStudioInputs } from '../../../../../core/analysis/dcf/studio.ts';
import type { DcfYear } from '../../../../../core/analysis/dcf/two-stage.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import type { DcfSetupResponse } from '../api/get-dcf-setup.ts';
import { formatPct, formatPerShare, formatUsdCompact } from '../format.ts';
import { toCompanyInputs } from '../studio-draft.ts';
import { type StudioState, useDcfStudio } from '../use-dcf-studio.ts';
import { FcfChart } from './fcf-chart.tsx';
import { StudioForm } from './studio-form.tsx';
import { ValueBridge } from './value-bridge.tsx';
import { useMemo } from 'react';

interface DcfStudioProps {
  setup: DcfSetupResponse;
  /** Where the form starts: the base preset, or a reopened valuation's inputs. */
  initialInputs?: DcfStudioInputs;
  readOnly?: boolean;
  /** The WACC × growth heat map (the page passes the analyses' one). */
  renderGrid?: (grid: DcfGrid, priceUsd: number, base: { discountRate: number; terminalGrowth: number }) => ReactNode;
  /** The year-by-year table under the FCF chart (the page passes the analyses' one). */
  renderProjection?: (years: readonly DcfYear[]) => ReactNode;
  /** Save buttons and the like, given the current state. */
  renderActions?: (state: StudioState) => ReactNode;
}

function Headline({ state, setup }: { state: StudioState; setup: DcfSetupResponse }) {
  const r = state.result;
  if (!r) {
    return (
      <Alert tone="error" title="These inputs cannot value the company">
        {state.error?.message}
      </Alert>
    );
  }
  const v = r.valuation;
  const upside = v.upside ?? 0;
  return (
    <Card>
      <CardContent className="grid gap-4 pt-5 sm:grid-cols-4">
        <div className="sm:col-span-2">
          <p className="text-sm text-fg-muted">Fair value per share</p>
          <p className="text-4xl font-bold tracking-tight text-fg tabular" data-testid="dcf-studio-fair-value" data-value={v.perShareUsd} aria-live="polite">
            {formatPerShare(v.perShareUsd)}
          </p>
          <p className={`mt-1 text-sm font-medium ${upside >= 0 ? 'text-positive' : 'text-negative'}`}>
            {upside >= 0 ? `${formatPct(upside, 1)} above` : `${formatPct(-upside, 1)} below`} the price of {formatPerShare(setup.price)} ({setup.price_date})
          </p>
          {state.error && (
            <p className="mt-2 text-sm text-warning" data-testid="dcf-studio-stale">
              Showing the last valid result: fix the field marked in red.
            </p>
          )}
        </div>
        <dl className="grid grid-cols-2 gap-3 text-sm sm:col-span-2">
          <div>
            <dt className="text-fg-muted">WACC</dt>
            <dd className="font-semibold text-fg tabular">{formatPct(r.wacc.wacc)}</dd>
          </div>
          <div>
            <dt className="text-fg-muted">Enterprise value</dt>
            <dd className="font-semibold text-fg tabular">{formatUsdCompact(v.enterpriseValueUsd)}</dd>
          </div>
          <div>
            <dt className="text-fg-muted">Terminal value share</dt>
            <dd className="font-semibold text-fg tabular">{formatPct(v.terminal.shareOfEnterpriseValue, 1)}</dd>
          </div>
          <div>
            <dt className="text-fg-muted">Growth the price implies</dt>
            <dd className="font-semibold text-fg tabular" data-testid="dcf-studio-implied-growth">
              {r.reverse?.status === 'solved' ? formatPct(r.reverse.impliedGrowth, 1) : 'outside −50 %…100 %'}
            </dd>
          </div>
        </dl>
      </CardContent>
    </Card>
  );
}

/**
 * The DCF studio: assumptions on one side, the value they give on the other, recomputed in the browser
 * by core's `runDcfStudio` at every keystroke. Read-only, it is the public page's live example.
 */
/** What the base cash flow is, in words (the setup's fcf_basis). */
const BASE_WORDS: Record<DcfSetupResponse['fcf_basis'], (fy: number) => string> = {
  reported: (fy) => `FY${fy} free cash flow`,
  operating_cash_flow_minus_capex: (fy) => `FY${fy} operating cash flow less capex`,
  average_fcf_margin: (fy) => `FY${fy} revenue at its average free cash flow margin`,
  built_from_revenue: (fy) => `a base equivalent to FY${fy} revenue built year by year`,
  affo: (fy) => `FY${fy} AFFO`,
  dividends: (fy) => `FY${fy} dividends paid`,
};

export function DcfStudio({ setup, initialInputs, readOnly = false, renderGrid, renderProjection, renderActions }: DcfStudioProps) {
  const company = useMemo(() => toCompanyInputs(setup), [setup]);
  const state = useDcfStudio(company, initialInputs ?? setup.defaults);
  const r = state.result;
  const v = r?.valuation;
  const dominates = v?.warnings.find((w) => w.code === 'terminal_value_dominates');
  const negative = v?.warnings.find((w) => w.code === 'negative_equity');
  return (
    <div className="space-y-6" data-testid="dcf-studio">
      <Headline state={state} setup={setup} />
      {dominates && (
        <Alert tone="warning" title="Most of the value sits in the terminal value">
          {dominates.message}
        </Alert>
      )}
      {negative && (
        <Alert tone="warning" title="Negative equity">
          {negative.message}
        </Alert>
      )}
      {renderActions?.(state)}
      <div className="grid gap-6 lg:grid-cols-[22rem_1fr] [&>*]:min-w-0">
        <Card>
          <CardHeader>
            <CardTitle>Assumptions</CardTitle>
            <CardDescription>
              {readOnly
                ? 'The example is read-only; sign in to change any input.'
                : 'Every change recomputes the value in your browser, with the code the server uses. Rates in percent.'}
            </CardDescription>
          </CardHeader>
          <CardContent>
            <StudioForm state={state} setup={setup} readOnly={readOnly} />
          </CardContent>
        </Card>
        <div className="space-y-6 [&>*]:min-w-0">
          {r && v && (
            <>
              <Card>
                <CardHeader>
                  <CardTitle>Projected free cash flow and what it is worth today</CardTitle>
                  <CardDescription>
                    From {BASE_WORDS[setup.fcf_basis](setup.fiscal_year)} of {formatUsdCompact(setup.company.base_fcf_usd)} ({setup.model.label}):{' '}
                    {r.inputs.explicit_years} years at {formatPct(r.inputs.explicit_growth, 1)}, then {r.inputs.fade_years} years fading to{' '}
                    {formatPct(r.inputs.terminal_growth, 1)}, discounted at {formatPct(r.wacc.wacc)}.
                  </CardDescription>
                </CardHeader>
                <CardContent>
                  <FcfChart valuation={v} table={renderProjection?.(v.years)} />
                </CardContent>
              </Card>
              <Card>
                <CardHeader>
                  <CardTitle>From present value to value per share</CardTitle>
                  <CardDescription>
                    The years' present values plus the terminal value give the enterprise value; debt, cash and minority interests give the equity.
                    {setup.assumed_zero.length > 0 && ` Not reported, so taken as 0: ${setup.assumed_zero.join(', ')}.`}
                  </CardDescription>
                </CardHeader>
                <CardContent>
                  <ValueBridge valuation={v} />
                </CardContent>
              </Card>
              <Card>
                <CardHeader>
                  <CardTitle>Reverse DCF: what the price already assumes</CardTitle>
                </CardHeader>
                <CardContent className="text-sm text-fg-secondary">
                  {r.reverse?.status === 'solved' ? (
                    <p>
                      At {formatPerShare(setup.price)}, the market prices in <strong className="text-fg">{formatPct(r.reverse.impliedGrowth, 1)}</strong> free
                      cash flow growth a year for {r.inputs.explicit_years} years (then the same fade and terminal growth), against your{' '}
                      {formatPct(r.inputs.explicit_growth, 1)}.
                    </p>
                  ) : (
                    <p>No growth between −50 % and 100 % a year brings the value to the price on these other assumptions.</p>
                  )}
                </CardContent>
              </Card>
              {renderGrid?.(r.grid, setup.price, {
                discountRate: r.grid.discountRates[Math.floor((r.grid.discountRates.length - 1) / 2)]!,
                terminalGrowth: r.inputs.terminal_growth,
              })}
            </>
          )}
        </div>
      </div>
      {v && !readOnly && (
        // On a phone the headline scrolls away while the fields are edited: the value follows along at the bottom (the headline above is what screen readers hear).
        <div
          className="sticky bottom-0 -mx-4 border-t border-border bg-surface/95 px-4 py-2 text-sm shadow-[0_-2px_6px_rgba(0,0,0,0.06)] backdrop-blur lg:hidden"
          aria-hidden="true"
        >
          <span className="text-fg-muted">Fair value </span>
          <span className="font-semibold text-fg tabular">{formatPerShare(v.perShareUsd)}</span>
          <span className={`ml-2 tabular ${(v.upside ?? 0) >= 0 ? 'text-positive' : 'text-negative'}`}>
            {(v.upside ?? 0) >= 0 ? '+' : '−'}
            {formatPct(Math.abs(v.upside ?? 0), 1)}
          </span>
          {state.error && <span className="ml-2 text-warning">(last valid)</span>}
        </div>
      )}
    </div>
  );
}
