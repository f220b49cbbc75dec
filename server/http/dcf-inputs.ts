import { z } from '@hono/zod-openapi';
import { checkDcfStudioAssumptions, DCF_STUDIO_RULES, type DcfStudioField, type DcfStudioInputs, dcfStudioFields } from '../../core/analysis/dcf/studio.ts';
import { AppError } from '../lib/errors.ts';

const describeRule = (f: DcfStudioField) => {
  const r = DCF_STUDIO_RULES[f];
  return `${r.label}: ${r.whole ? 'a whole number' : r.percent ? 'a fraction (0.05 = 5 %)' : 'a number'} from ${r.min} to ${r.max}`;
};

/**
 * The DCF studio's assumptions on the wire (the analyses and valuations routes take the same object).
 * The schema checks types; the ranges, the WACC > 0 and the r − g ≥ 1.5 points rules are core's
 * (`checkDcfStudioAssumptions`), so the page and the server refuse with the same words.
 */
export const DcfInputsSchema = z
  .object(Object.fromEntries(dcfStudioFields.map((f) => [f, z.number().openapi({ description: describeRule(f) })])) as Record<DcfStudioField, z.ZodNumber>)
  .strict()
  .openapi('DcfInputs', { description: 'DCF studio assumptions; rates are fractions (0.0458 = 4.58 %)' });

/** The inputs when core accepts them; else 400 VALIDATION_FAILED naming `<prefix>.<field>` with core's message. */
export function requireValidDcfInputs(inputs: DcfStudioInputs, prefix: string): DcfStudioInputs {
  const checked = checkDcfStudioAssumptions(inputs);
  if (!checked.ok) throw new AppError('VALIDATION_FAILED', checked.error.message, { field: `${prefix}.${checked.error.input}` });
  return checked.value.inputs;
}

/** The fields in one fixed order: equal inputs give equal text (fingerprints, stored rows). */
export const canonicalDcfInputs = (i: DcfStudioInputs): DcfStudioInputs =>
  Object.fromEntries(dcfStudioFields.map((f) => [f, i[f]])) as unknown as DcfStudioInputs;
