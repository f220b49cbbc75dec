import type { ColorType } from 'lightweight-charts';
import { useMemo } from 'react';
import type { Theme } from '../../lib/theme-choice.ts';
import { useTheme } from '../../lib/use-theme-choice.ts';

/**
 * One chart theme for lightweight-charts and the SVG charts, read from the colour tokens in index.css (so a token
 * change re-colours every chart). Canvas charts need concrete colours, hence getComputedStyle; SVG charts can use
 * the same tokens as classes (`fill-positive`, `stroke-border`) or `var(--color-…)` in attributes.
 */
const tokenNames = {
  surface: '--color-surface',
  fg: '--color-fg',
  fgMuted: '--color-fg-muted',
  fgSubtle: '--color-fg-subtle',
  border: '--color-border',
  borderStrong: '--color-border-strong',
  grid: '--color-chart-grid',
  volume: '--color-chart-volume',
  axis: '--color-chart-axis',
  barSoft: '--color-chart-bar-soft',
  up: '--color-chart-up',
  down: '--color-chart-down',
  positive: '--color-positive',
  negative: '--color-negative',
  brand: '--color-brand',
  series1: '--color-series-1',
  series2: '--color-series-2',
  series3: '--color-series-3',
  series4: '--color-series-4',
  series5: '--color-series-5',
  series6: '--color-series-6',
} as const;

export type ChartColourName = keyof typeof tokenNames;
export type ChartColours = Record<ChartColourName, string> & { theme: Theme };

/** The CSS value of a chart colour, for SVG attributes and inline styles: it follows the theme without a re-render. */
export function getChartColourVar(name: ChartColourName): string {
  return `var(${tokenNames[name]})`;
}

/** The tokens' current values; `theme` only makes the result change (and charts re-apply) when the theme does. */
export function readChartColours(theme: Theme, root: HTMLElement = document.documentElement): ChartColours {
  const style = getComputedStyle(root);
  const colours = { theme } as ChartColours;
  for (const [key, name] of Object.entries(tokenNames)) colours[key as keyof typeof tokenNames] = style.getPropertyValue(name).trim();
  return colours;
}

/** The chart colours for the theme in effect; a new object when the theme changes. */
export function useChartColours(): ChartColours {
  const theme = useTheme();
  return useMemo(() => readChartColours(theme), [theme]);
}

/**
 * A hex token colour at an opacity, for area fills (`#059669`, 0.25 → `#05966940`). The built CSS shortens
 * `#ffffff` to `#fff`, so three digits are expanded; a colour in another notation is returned opaque.
 */
export function withAlpha(colour: string, alpha: number): string {
  const short = /^#([0-9a-f])([0-9a-f])([0-9a-f])$/i.exec(colour);
  const hex = short ? `#${short[1]}${short[1]}${short[2]}${short[2]}${short[3]}${short[3]}` : colour;
  if (!/^#[0-9a-f]{6}$/i.test(hex)) return colour;
  const byte = Math.round(Math.min(1, Math.max(0, alpha)) * 255);
  return `${hex}${byte.toString(16).padStart(2, '0')}`;
}

/**
 * lightweight-charts layout, grid and scale options from the tokens. The caller passes `ColorType.Solid`: this module
 * only imports the library's types, so the SVG charts that use it never pull the canvas library into their chunk.
 */
export function getChartLayoutOptions(c: ChartColours, solid: ColorType.Solid) {
  return {
    layout: { background: { type: solid, color: c.surface }, textColor: c.fgMuted, attributionLogo: true, panes: { separatorColor: c.border } },
    grid: { vertLines: { color: c.grid }, horzLines: { color: c.grid } },
    rightPriceScale: { borderColor: c.border },
    timeScale: { borderColor: c.border },
  };
}
