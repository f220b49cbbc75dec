/**
 * WCAG 2.x contrast of the colour tokens' text/background and control/background pairs in both themes, read from
 * web/src/index.css (`@theme` = light, `.dark` = dark). Prints the table docs/ui-kit.md carries and exits 1 when a
 * pair is below its minimum (4.5:1 text, 3:1 UI). Run: `npx tsx scripts/check-token-contrast.ts`.
 */
import { readFileSync } from 'node:fs';

const css = readFileSync(new URL('../web/src/index.css', import.meta.url), 'utf8');

function readTokens(block: string): Map<string, string> {
  return new Map([...block.matchAll(/--color-([a-z0-9-]+):\s*(#[0-9a-f]{6})\s*;/gi)].map((m) => [m[1]!, m[2]!.toLowerCase()]));
}

const light = readTokens(css.slice(css.indexOf('@theme'), css.indexOf('\n}', css.indexOf('@theme'))));
const darkStart = css.indexOf('\n.dark {');
const dark = new Map([...light, ...readTokens(css.slice(darkStart, css.indexOf('\n}', darkStart)))]);

function toLuminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

export function computeContrastRatio(a: string, b: string): number {
  const [hi, lo] = [toLuminance(a), toLuminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

const surfaces = ['surface', 'surface-muted', 'surface-subtle'];
// [foreground, backgrounds, minimum]
const pairs: Array<[string, string[], number]> = [
  ['fg', surfaces, 4.5],
  ['fg-secondary', surfaces, 4.5],
  ['fg-muted', surfaces, 4.5],
  ['fg-subtle', ['surface', 'surface-muted'], 4.5],
  ['brand-fg', [...surfaces, 'brand-soft'], 4.5],
  ['positive', ['surface', 'surface-muted', 'positive-soft'], 4.5],
  ['positive-strong', ['positive-soft', 'positive-muted'], 4.5],
  ['negative', ['surface', 'surface-muted', 'negative-soft'], 4.5],
  ['negative-strong', ['negative-soft', 'negative-muted'], 4.5],
  ['warning', ['surface', 'warning-soft'], 4.5],
  ['warning-strong', ['warning-soft', 'warning-muted'], 4.5],
  ['info', ['surface', 'info-soft'], 4.5],
  ['info-strong', ['info-soft', 'info-muted'], 4.5],
  ['on-brand', ['brand', 'brand-strong'], 4.5],
  ['on-inverse', ['inverse', 'fg-secondary'], 4.5],
  ['on-brand', ['negative-solid'], 4.5],
  ['border-strong', ['surface', 'surface-muted'], 3],
  ['focus', ['surface', 'surface-muted'], 3],
  ['chart-up', ['surface'], 3],
  ['chart-down', ['surface'], 3],
];

let failures = 0;
console.log('| foreground | background | light | dark | minimum |\n|---|---|---|---|---|');
for (const [fg, backgrounds, minimum] of pairs) {
  for (const bg of backgrounds) {
    const ratios = [light, dark].map((t) => computeContrastRatio(t.get(fg)!, t.get(bg)!));
    const low = ratios.some((r) => r < minimum);
    if (low) failures++;
    console.log(`| ${fg} | ${bg} | ${ratios[0]!.toFixed(1)} | ${ratios[1]!.toFixed(1)} | ${minimum}${low ? ' **below**' : ''} |`);
  }
}
if (failures > 0) {
  console.error(`${failures} pair(s) below the minimum`);
  process.exit(1);
}
