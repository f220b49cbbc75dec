import { useMemo, useRef, useState } from 'react';
import { type DcfStudioField, type DcfStudioInputs, type DcfStudioResult, runDcfStudio } from '../../../../core/analysis/dcf/studio.ts';
import type { DcfCompanyInputs } from '../../../../core/analysis/dcf/two-stage.ts';
import { fromDraft, type StudioDraft, toDraft } from './studio-draft.ts';

export interface StudioState {
  draft: StudioDraft;
  setField: (field: DcfStudioField, text: string) => void;
  setInputs: (inputs: DcfStudioInputs) => void;
  /** The inputs as typed (NaN where a field is not a number); untouched fields at their exact figures. */
  inputs: DcfStudioInputs;
  /** The current result, or the last valid one while a field is in error. */
  result: DcfStudioResult | null;
  /** The field at fault (`wacc` for the computed discount rate) and why; null when the inputs value. */
  error: { field: string; message: string } | null;
}

/**
 * The studio's state: the form as typed, and core's `runDcfStudio` on it at every keystroke (the same
 * function the server runs on save). A field in error keeps the last valid result on screen.
 */
export function useDcfStudio(company: DcfCompanyInputs, initial: DcfStudioInputs): StudioState {
  const [draft, setDraft] = useState<StudioDraft>(() => toDraft(initial));
  // The last inputs set as a whole (defaults, a preset, a reopened valuation): untouched fields keep their exact figures.
  const [exact, setExact] = useState<DcfStudioInputs>(initial);
  const inputs = useMemo(() => fromDraft(draft, exact), [draft, exact]);
  const outcome = useMemo(() => runDcfStudio(company, inputs), [company, inputs]);
  const lastValid = useRef<DcfStudioResult | null>(null);
  if (outcome.ok) lastValid.current = outcome.value;
  return {
    draft,
    setField: (field, text) => setDraft((d) => ({ ...d, [field]: text })),
    setInputs: (next) => {
      setExact(next);
      setDraft(toDraft(next));
    },
    inputs,
    result: outcome.ok ? outcome.value : lastValid.current,
    error: outcome.ok ? null : { field: outcome.error.input, message: outcome.error.message },
  };
}
