/**
 * The PDF uses the built-in Helvetica (no font file to ship or parse, see docs/analysis-export.md), whose
 * encoding is WinAnsi: Latin-1 plus a few typographic marks. Characters outside it are spelled in ASCII
 * so the PDF never draws a blank where the page shows a sign (−3 %, ≥ 1.5, →).
 */
const SPELLED: Record<string, string> = {
  '\u2212': '-',
  '\u2192': '->',
  '\u2190': '<-',
  '\u2191': 'up',
  '\u2193': 'down',
  '\u2265': '>=',
  '\u2264': '<=',
  '\u2248': '~',
  '\u2260': '!=',
  '\u2009': ' ',
  '\u202f': ' ',
  '\u2011': '-',
  '\u0394': 'Delta ',
};
const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');

export function toPdfText(text: string): string {
  let out = '';
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    if ((code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || ch === '\n' || WIN_ANSI_EXTRA.has(ch)) out += ch;
    else out += SPELLED[ch] ?? '?';
  }
  return out;
}
