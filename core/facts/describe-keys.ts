import { LINE_BY_KEY } from '../market/statements.ts';
import { findFactDefinition } from './catalogue.ts';

/*
 * Engines say why a figure is missing in terms of their inputs ("gross_profit is not reported"); a person
 * reads labels ("gross profit is not reported"). Every reason a page, export or answer shows goes through
 * here, so no code name reaches a user (issue 28, labels a person reads).
 */

const CODE_NAME = /\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+\b/g;

/** A label inside a sentence: a capitalised word is lower-cased ("Gross profit"); acronyms stay ("EPS", "P/E", "EBITDA"). */
function inSentence(label: string): string {
  return /^[A-Z][a-z]/.test(label) ? label.charAt(0).toLowerCase() + label.slice(1) : label;
}

/** The text with every statement-line or fact key replaced by its label; unknown snake_case words are left. */
export function describeKeysInText(text: string): string {
  return text.replace(CODE_NAME, (key) => {
    const label = LINE_BY_KEY.get(key)?.label ?? findFactDefinition(key)?.label;
    return label ? inSentence(label) : key;
  });
}
