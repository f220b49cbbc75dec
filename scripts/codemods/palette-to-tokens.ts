/**
 * Rewrites Tailwind palette colour classes in web/src to the semantic colour tokens of web/src/index.css
 * (bg-white → bg-surface, text-slate-600 → text-fg-muted, …), so dark mode re-colours them. Idempotent: run it
 * again after a merge brings new palette classes (`npx tsx scripts/codemods/palette-to-tokens.ts`), then review the
 * diff. Variants (`hover:`, `sm:`) and opacity (`/90`) are kept. Classes it has no entry for are listed, not guessed.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

type Kind = 'bg' | 'text' | 'border' | 'fill' | 'stroke' | 'ring' | 'outline' | 'accent' | 'gradient';

const bg: Record<string, string> = {
  white: 'surface',
  'slate-50': 'surface-muted',
  'slate-100': 'surface-subtle',
  'slate-200': 'surface-strong',
  'slate-400': 'fg-subtle',
  'slate-500': 'fg-subtle',
  'slate-800': 'fg-secondary',
  'slate-900': 'inverse',
  ink: 'inverse',
  'brand-50': 'brand-soft',
  'brand-100': 'brand-muted',
  'brand-500': 'brand',
  'brand-600': 'brand',
  'brand-700': 'brand-strong',
  'emerald-50': 'positive-soft',
  'emerald-100': 'positive-muted',
  'emerald-600': 'brand',
  'green-100': 'positive-muted',
  'red-50': 'negative-soft',
  'red-100': 'negative-muted',
  'red-600': 'negative-solid',
  'red-700': 'negative-solid',
  'rose-50': 'negative-soft',
  'rose-100': 'negative-muted',
  'rose-500': 'negative-solid',
  'amber-50': 'warning-soft',
  'amber-100': 'warning-muted',
  'amber-200': 'warning-muted',
  'orange-100': 'warning-muted',
  'sky-50': 'info-soft',
  'sky-100': 'info-muted',
  'sky-200': 'info-muted',
};

const text: Record<string, string> = {
  ink: 'fg',
  'slate-900': 'fg',
  'slate-800': 'fg',
  'slate-700': 'fg-secondary',
  'slate-600': 'fg-muted',
  'slate-500': 'fg-subtle',
  'slate-400': 'fg-subtle',
  'slate-300': 'fg-subtle',
  'brand-600': 'brand-fg',
  'brand-700': 'brand-fg',
  'brand-800': 'brand-fg',
  'emerald-700': 'positive',
  'emerald-800': 'positive-strong',
  'emerald-900': 'positive-strong',
  'green-800': 'positive-strong',
  'red-600': 'negative',
  'red-700': 'negative',
  'red-800': 'negative-strong',
  'red-900': 'negative-strong',
  'rose-800': 'negative-strong',
  'amber-700': 'warning',
  'amber-800': 'warning',
  'amber-900': 'warning-strong',
  'orange-900': 'warning-strong',
  'sky-800': 'info',
  'sky-900': 'info-strong',
  'sky-950': 'info-strong',
};

const border: Record<string, string> = {
  'slate-100': 'border-subtle',
  'slate-200': 'border',
  'slate-300': 'border-strong',
  'slate-500': 'border-strong',
  ink: 'fg',
  'brand-100': 'brand-muted',
  'brand-200': 'brand-muted',
  'brand-500': 'brand',
  'brand-600': 'brand',
  'emerald-200': 'positive-muted',
  'emerald-300': 'positive-muted',
  'red-200': 'negative-muted',
  'red-500': 'negative',
  'amber-200': 'warning-muted',
  'sky-200': 'info-muted',
};

const maps: Record<Kind, Record<string, string>> = {
  bg,
  text,
  border,
  ring: { 'brand-100': 'brand-muted', 'brand-200': 'brand-muted', 'brand-500': 'focus', 'brand-600': 'focus', 'slate-300': 'border-strong' },
  outline: { 'brand-600': 'focus', ink: 'fg' },
  accent: { 'brand-600': 'brand' },
  fill: {
    'slate-200': 'surface-strong',
    'slate-400': 'chart-axis',
    'slate-600': 'fg-muted',
    ink: 'fg',
    'brand-500': 'brand',
    'brand-600': 'brand',
    'rose-400': 'chart-down',
    'amber-500': 'warning-solid',
  },
  stroke: {
    'slate-200': 'border',
    'slate-300': 'chart-volume',
    'slate-400': 'chart-axis',
    'brand-600': 'brand',
    'emerald-700': 'positive',
    'red-700': 'negative',
  },
  gradient: { 'emerald-50': 'positive-soft', 'slate-50': 'surface-muted' },
};

const prefixKind: Record<string, Kind> = {
  bg: 'bg',
  text: 'text',
  border: 'border',
  'border-t': 'border',
  'border-b': 'border',
  'border-l': 'border',
  'border-r': 'border',
  'border-x': 'border',
  'border-y': 'border',
  divide: 'border',
  ring: 'ring',
  outline: 'outline',
  accent: 'accent',
  fill: 'fill',
  stroke: 'stroke',
  from: 'gradient',
  to: 'gradient',
  via: 'gradient',
};

const palette = 'white|black|ink|slate|gray|red|emerald|amber|sky|blue|green|brand|rose|orange|yellow|violet|indigo|teal';
// A class: optional variants, a colour utility, a palette colour, optional opacity; bounded by class separators.
const classPattern = new RegExp(
  `(?<=^|[\\s"'\`{(])((?:[a-z0-9-\\[\\]&:_>*@=]+:)*)(${Object.keys(prefixKind)
    .sort((a, b) => b.length - a.length)
    .join('|')})-((?:${palette})(?:-\\d{2,3})?)((?:/\\d+)?)(?=$|[\\s"'\`})])`,
  'g',
);

/** The token class for one palette class, or null when there is no entry (left for a person). */
export function mapPaletteClass(prefix: string, colour: string): string | null {
  const kind = prefixKind[prefix];
  if (!kind) return null;
  const token = maps[kind][colour];
  return token === undefined ? null : `${prefix}-${token}`;
}

/** Rewrites one source text; `text-white` on an inverse (ink) background in the same class string becomes text-on-inverse. */
export function rewritePaletteClasses(source: string, unmapped: Map<string, number>): string {
  const rewritten = source.replace(classPattern, (whole, variants: string, prefix: string, colour: string, alpha: string) => {
    const mapped = mapPaletteClass(prefix, colour);
    if (mapped === null) {
      // White (on brand or negative fills) stays white in both themes; bare `brand` is already a token.
      if (colour !== 'white' && colour !== 'brand') unmapped.set(`${prefix}-${colour}`, (unmapped.get(`${prefix}-${colour}`) ?? 0) + 1);
      return whole;
    }
    return `${variants}${mapped}${alpha}`;
  });
  // White text on what was bg-ink / bg-slate-900 must flip with the inverse surface in dark mode.
  return rewritten.replace(/(["'`])([^"'`\n]*\bbg-inverse\b[^"'`\n]*)\1/g, (_whole, quote: string, classes: string) => {
    return `${quote}${classes.replace(/(^|\s)((?:[a-z0-9-]+:)*)text-white\b/g, '$1$2text-on-inverse')}${quote}`;
  });
}

function listSources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return listSources(path);
    // Tests too: they assert the classes a component renders.
    return /\.(tsx?|html)$/.test(name) ? [path] : [];
  });
}

function main(): void {
  const root = process.argv[2] ?? 'web/src';
  const unmapped = new Map<string, number>();
  let changed = 0;
  for (const file of listSources(root)) {
    const before = readFileSync(file, 'utf8');
    const after = rewritePaletteClasses(before, unmapped);
    if (after !== before) {
      writeFileSync(file, after);
      changed++;
    }
  }
  console.log(`palette-to-tokens: ${changed} files rewritten under ${root}`);
  if (unmapped.size > 0) console.log('no token for (left as is):', [...unmapped].map(([c, n]) => `${c} ×${n}`).join(', '));
}

main();
