import { DCF_STUDIO_RULES, type DcfStudioField, type DcfStudioInputs, dcfStudioFields } from '../../../../core/analysis/dcf/studio.ts';
import type { DcfCompanyInputs } from '../../../../core/analysis/dcf/two-stage.ts';
import type { DcfSetupResponse } from './api/get-dcf-setup.ts';

/** What the form holds: each field as typed (percent fields in percent, so "8.45" means 8.45 %). */
export type StudioDraft = Record<DcfStudioField, string>;

const DECIMALS: Record<DcfStudioField, number> = {
  explicit_years: 0,
  fade_years: 0,
  explicit_growth: 2,
  terminal_growth: 2,
  risk_free_rate: 2,
  equity_risk_premium: 2,
  beta: 2,
  cost_of_debt: 2,
  tax_rate: 2,
  debt_weight: 2,
};

/** One field as the form shows it: percent fields × 100, rounded to what a person types, trailing zeros dropped. */
function renderField(f: DcfStudioField, value: number): string {
  const v = DCF_STUDIO_RULES[f].percent ? value * 100 : value;
  return String(Number(v.toFixed(DECIMALS[f])));
}

/** Inputs as the form shows them: percent fields × 100, rounded to what a person types (2 decimals), trailing zeros dropped. */
export function toDraft(inputs: DcfStudioInputs): StudioDraft {
  const out = {} as StudioDraft;
  for (const f of dcfStudioFields) out[f] = renderField(f, inputs[f]);
  return out;
}

/**
 * The typed form as inputs: an empty or unreadable field is NaN, which the engine refuses by name.
 * A field still showing `exact`'s rounded value (a default, a preset, a reopened valuation) keeps the
 * exact figure, so the studio opens on the DCF analysis's value (beta 0.9084 shown as "0.91" is not
 * valued as 0.91); a field the user has typed is valued as typed.
 */
export function fromDraft(draft: StudioDraft, exact?: DcfStudioInputs): DcfStudioInputs {
  const out = {} as DcfStudioInputs;
  for (const f of dcfStudioFields) {
    if (exact && draft[f] === renderField(f, exact[f])) {
      out[f] = exact[f];
      continue;
    }
    const text = draft[f].trim().replace(',', '.');
    const n = text === '' ? Number.NaN : Number(text);
    out[f] = DCF_STUDIO_RULES[f].percent ? n / 100 : n;
  }
  return out;
}

/** The company as the engine takes it, from the inputs endpoint's answer. */
export const toCompanyInputs = (s: DcfSetupResponse): DcfCompanyInputs => ({
  baseFcfUsd: s.company.base_fcf_usd,
  sharesDiluted: s.company.shares_diluted,
  totalDebtUsd: s.company.total_debt_usd,
  cashUsd: s.company.cash_usd,
  nciUsd: s.company.nci_usd,
  priceUsd: s.price,
});

/** Two drafts that read as the same inputs (a preset is "on" when the form equals it). */
export const isSameDraft = (a: StudioDraft, b: StudioDraft) => dcfStudioFields.every((f) => Number(a[f]) === Number(b[f]));
