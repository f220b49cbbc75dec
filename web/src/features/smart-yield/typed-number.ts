import { toPlainNumberText } from '../../../../core/text/csv-number.ts';

/**
 * A share count or cost as typed in one box of the rows form, 0 when unreadable (the server then names the
 * row). Point decimals with comma thousands (`1,000.5`) as before, and now a decimal comma too (`10,5`), which
 * a European phone's decimal key types: it was read as 105. One box has no delimiter to go by, but a comma
 * followed by other than three digits groups nothing, so it can only be a decimal mark.
 */
export function readTypedNumber(text: string): number {
  const bare = text.replace(/^\s*\$/, '');
  const plain = toPlainNumberText(bare, ',') ?? toPlainNumberText(bare, ';');
  return Number(plain) || 0;
}
