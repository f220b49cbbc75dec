import { computeStudioWacc, DCF_STUDIO_RULES, type DcfStudioField } from '../../../../../core/analysis/dcf/studio.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Field, Input } from '../../../components/ui/input.tsx';
import type { DcfSetupResponse } from '../api/get-dcf-setup.ts';
import { formatPct } from '../format.ts';
import { isSameDraft, toDraft } from '../studio-draft.ts';
import type { StudioState } from '../use-dcf-studio.ts';

const PRESETS = [
  ['conservative', 'Conservative'],
  ['base', 'Base'],
  ['optimistic', 'Optimistic'],
] as const;

const unitOf = (f: DcfStudioField) => (DCF_STUDIO_RULES[f].percent ? ' (%)' : '');

function hintFor(f: DcfStudioField, setup: DcfSetupResponse): string | undefined {
  const m = setup.measured;
  switch (f) {
    case 'explicit_growth':
      // The default is the analysis's growth (the median year of the revenue record); the CAGR is context.
      return `Default ${formatPct(setup.defaults.explicit_growth, 1)}: the median year of its revenue record${
        setup.history
          ? ` (${setup.history.values.length - 1}-year ${setup.history.line === 'free_cash_flow' ? 'FCF' : 'revenue'} CAGR ${formatPct(setup.history.cagr, 1)})`
          : ''
      }`;
    case 'fade_years':
      return 'Growth steps down to terminal growth over these years';
    case 'risk_free_rate':
      return `10-year Treasury, ${setup.sources.risk_free_rate.as_of}`;
    case 'equity_risk_premium':
      return `Damodaran implied ERP, ${setup.sources.equity_risk_premium.as_of}`;
    case 'beta':
      return `Calibrated: ${m.beta.description}${m.beta.raw !== null ? ` (own raw ${m.beta.raw.toFixed(2)})` : ''}`;
    case 'cost_of_debt':
      return m.cost_of_debt_basis === 'fallback_spread'
        ? 'No interest reported: risk-free + 1.5 points'
        : m.cost_of_debt_basis === 'floored_at_risk_free'
          ? 'Interest ÷ debt, floored at the risk-free rate'
          : m.cost_of_debt_basis === 'capped_at_synthetic_rating'
            ? 'Interest ÷ debt, capped at the spread of its synthetic rating'
            : m.cost_of_debt_basis === 'synthetic_rating'
              ? 'No interest reported: risk-free + the spread of its synthetic rating'
              : m.cost_of_debt_basis === 'user_input'
                ? 'An equity model: no debt in the discount rate'
                : 'Interest expense ÷ average debt';
    case 'tax_rate':
      return m.tax_basis === 'effective' ? 'Effective: income tax ÷ pre-tax income' : 'Statutory 21 %';
    case 'debt_weight':
      return 'Book debt ÷ (debt + market cap)';
    default:
      return undefined;
  }
}

function StudioField({ field, state, setup, readOnly }: { field: DcfStudioField; state: StudioState; setup: DcfSetupResponse; readOnly: boolean }) {
  const rule = DCF_STUDIO_RULES[field];
  const error = state.error?.field === field ? state.error.message : null;
  return (
    <Field label={`${rule.label}${unitOf(field)}`} error={error} hint={hintFor(field, setup)}>
      {(aria) => (
        <Input
          {...aria}
          name={field}
          type="number"
          inputMode="decimal"
          step={rule.whole ? 1 : rule.percent ? 0.1 : 0.05}
          value={state.draft[field]}
          readOnly={readOnly}
          onChange={(e) => state.setField(field, e.target.value)}
          className="tabular"
        />
      )}
    </Field>
  );
}

/** The editable assumptions: presets, the stages, the WACC inputs with the WACC they give (and its error, if any). */
export function StudioForm({ state, setup, readOnly = false }: { state: StudioState; setup: DcfSetupResponse; readOnly?: boolean }) {
  const waccError = state.error?.field === 'wacc' ? state.error.message : null;
  // The WACC of what is typed now, even while another field is in error.
  const live = computeStudioWacc(state.inputs);
  const wacc = Number.isFinite(live.wacc) ? live : null;
  return (
    <div className="space-y-6">
      {!readOnly && (
        <fieldset>
          <legend className="text-sm font-semibold text-fg">Presets from {setup.symbol}'s own record</legend>
          <div className="mt-2 flex flex-wrap gap-2">
            {PRESETS.map(([name, label]) => {
              const on = isSameDraft(state.draft, toDraft(setup.presets[name]));
              return (
                <Button key={name} size="sm" variant={on ? 'secondary' : 'outline'} aria-pressed={on} onClick={() => state.setInputs(setup.presets[name])}>
                  {label} · {formatPct(setup.presets[name].explicit_growth, 1)}
                </Button>
              );
            })}
          </div>
        </fieldset>
      )}
      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-2 text-sm font-semibold text-fg">Stages and growth</legend>
        {(['explicit_years', 'fade_years', 'explicit_growth', 'terminal_growth'] as const).map((f) => (
          <StudioField key={f} field={f} state={state} setup={setup} readOnly={readOnly} />
        ))}
      </fieldset>
      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-2 text-sm font-semibold text-fg">Discount rate (WACC)</legend>
        {(['risk_free_rate', 'equity_risk_premium', 'beta', 'cost_of_debt', 'tax_rate', 'debt_weight'] as const).map((f) => (
          <StudioField key={f} field={f} state={state} setup={setup} readOnly={readOnly} />
        ))}
        <div className="sm:col-span-2 rounded-lg bg-surface-muted p-3 text-sm" aria-live="polite">
          {waccError ? (
            <p className="text-negative" role="alert" data-testid="dcf-studio-wacc-error">
              {waccError}
            </p>
          ) : wacc ? (
            <p className="text-fg-secondary">
              Cost of equity {formatPct(wacc.costOfEquity)} × {formatPct(wacc.equityWeight, 1)} + after-tax cost of debt {formatPct(wacc.costOfDebtAfterTax)} ×{' '}
              {formatPct(wacc.debtWeight, 1)} = <strong className="text-fg">WACC {formatPct(wacc.wacc)}</strong>
            </p>
          ) : null}
        </div>
      </fieldset>
    </div>
  );
}
