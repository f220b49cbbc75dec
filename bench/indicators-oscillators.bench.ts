/**
 * Oscillator budgets (issue 13): each oscillator within 2× a plain Float64Array loop computing the same
 * thing, at 10,000 and 1,000,000 points; the full technical rating for one symbol over five years of
 * daily bars (the AAPL fixture) p50 ≤ 2 ms. The baselines below are written out by hand, one loop each,
 * so the ratio prices what the kernels' shape (shared helpers, extra passes, NaN warm-ups) costs.
 * Standalone: `npx tsx bench/indicators-oscillators.bench.ts`.
 */
import { adx } from '../core/analysis/indicators/adx.ts';
import { atr } from '../core/analysis/indicators/atr.ts';
import { awesomeOscillator } from '../core/analysis/indicators/awesome-oscillator.ts';
import { bullBearPower } from '../core/analysis/indicators/bull-bear-power.ts';
import { cci, typicalPrice } from '../core/analysis/indicators/cci.ts';
import { loadDailyFixture } from '../core/analysis/indicators/fixtures/load-daily-fixture.ts';
import { momentum } from '../core/analysis/indicators/momentum.ts';
import { obv } from '../core/analysis/indicators/obv.ts';
import { rsi } from '../core/analysis/indicators/rsi.ts';
import { stochRsi } from '../core/analysis/indicators/stoch-rsi.ts';
import { stochastic } from '../core/analysis/indicators/stochastic.ts';
import { ultimateOscillator } from '../core/analysis/indicators/ultimate-oscillator.ts';
import { williamsR } from '../core/analysis/indicators/williams-r.ts';
import { computeTechnicalRating } from '../core/analysis/technical-rating.ts';
import { median, report } from './support.ts';

interface Bars {
  high: Float64Array;
  low: Float64Array;
  close: Float64Array;
  volume: Float64Array;
}

/** A deterministic random walk (xorshift), so every run times the same data. */
function makeBars(n: number): Bars {
  let seed = 0x9e3779b9;
  const random = () => {
    seed ^= seed << 13;
    seed ^= seed >>> 17;
    seed ^= seed << 5;
    return (seed >>> 0) / 4294967296;
  };
  const b: Bars = { high: new Float64Array(n), low: new Float64Array(n), close: new Float64Array(n), volume: new Float64Array(n) };
  let price = 100;
  for (let i = 0; i < n; i++) {
    const open = price;
    price = Math.max(1, price * (1 + (random() - 0.5) * 0.04));
    b.high[i] = Math.max(open, price) * (1 + random() * 0.01);
    b.low[i] = Math.min(open, price) * (1 - random() * 0.01);
    b.close[i] = price;
    b.volume[i] = 1e6 * (0.5 + random());
  }
  return b;
}

const nanArray = (n: number) => new Float64Array(n).fill(Number.NaN);

// ---- Baselines: one plain loop per indicator, same outputs as the kernels. ----

function baseRsi(c: Float64Array, p: number): Float64Array {
  const n = c.length;
  const out = nanArray(n);
  let g = 0;
  let l = 0;
  for (let i = 1; i < n; i++) {
    const d = c[i]! - c[i - 1]!;
    const up = d > 0 ? d : 0;
    const down = d < 0 ? -d : 0;
    if (i <= p) {
      g += up / p;
      l += down / p;
      if (i < p) continue;
    } else {
      g = (g * (p - 1) + up) / p;
      l = (l * (p - 1) + down) / p;
    }
    out[i] = l === 0 ? 100 : g === 0 ? 0 : 100 - 100 / (1 + g / l);
  }
  return out;
}

/** Raw %K by scanning each window, then the two SMA 3 smoothings in the same loop. */
function baseStochastic(h: Float64Array, l: Float64Array, c: Float64Array, p: number): { k: Float64Array; d: Float64Array } {
  const n = c.length;
  const raw = nanArray(n);
  const k = nanArray(n);
  const d = nanArray(n);
  let start = 0;
  while (start < n && Number.isNaN(c[start]!)) start++;
  for (let i = start + p - 1; i < n; i++) {
    let hh = h[i]!;
    let ll = l[i]!;
    for (let j = i - p + 1; j < i; j++) {
      if (h[j]! > hh) hh = h[j]!;
      if (l[j]! < ll) ll = l[j]!;
    }
    raw[i] = hh === ll ? 50 : (100 * (c[i]! - ll)) / (hh - ll);
    if (i >= start + p + 1) k[i] = (raw[i]! + raw[i - 1]! + raw[i - 2]!) / 3;
    if (i >= start + p + 3) d[i] = (k[i]! + k[i - 1]! + k[i - 2]!) / 3;
  }
  return { k, d };
}

function baseWilliamsR(h: Float64Array, l: Float64Array, c: Float64Array, p: number): Float64Array {
  const n = c.length;
  const out = nanArray(n);
  for (let i = p - 1; i < n; i++) {
    let hh = h[i]!;
    let ll = l[i]!;
    for (let j = i - p + 1; j < i; j++) {
      if (h[j]! > hh) hh = h[j]!;
      if (l[j]! < ll) ll = l[j]!;
    }
    out[i] = hh === ll ? -50 : (-100 * (hh - c[i]!)) / (hh - ll);
  }
  return out;
}

function baseAtr(h: Float64Array, l: Float64Array, c: Float64Array, p: number): Float64Array {
  const n = c.length;
  const out = nanArray(n);
  let a = 0;
  for (let i = 0; i < n; i++) {
    const tr = i === 0 ? h[0]! - l[0]! : Math.max(h[i]!, c[i - 1]!) - Math.min(l[i]!, c[i - 1]!);
    if (i < p) {
      a += tr;
      if (i === p - 1) out[i] = a /= p;
    } else out[i] = a = (a * (p - 1) + tr) / p;
  }
  return out;
}

function baseAdx(h: Float64Array, l: Float64Array, c: Float64Array, p: number): Float64Array {
  const n = c.length;
  const out = nanArray(n);
  let sp = 0;
  let sm = 0;
  let st = 0;
  let sx = 0;
  for (let i = 1; i < n; i++) {
    const up = h[i]! - h[i - 1]!;
    const dn = l[i - 1]! - l[i]!;
    const pdm = up > dn && up > 0 ? up : 0;
    const mdm = dn > up && dn > 0 ? dn : 0;
    const tr = Math.max(h[i]!, c[i - 1]!) - Math.min(l[i]!, c[i - 1]!);
    if (i <= p) {
      sp += pdm / p;
      sm += mdm / p;
      st += tr / p;
      if (i < p) continue;
    } else {
      sp = (sp * (p - 1) + pdm) / p;
      sm = (sm * (p - 1) + mdm) / p;
      st = (st * (p - 1) + tr) / p;
    }
    const pdi = (100 * sp) / st;
    const mdi = (100 * sm) / st;
    const dx = pdi + mdi === 0 ? 0 : (100 * Math.abs(pdi - mdi)) / (pdi + mdi);
    if (i < 2 * p - 1) sx += dx / p;
    else out[i] = sx = i === 2 * p - 1 ? sx + dx / p : (sx * (p - 1) + dx) / p;
  }
  return out;
}

function baseCci(h: Float64Array, l: Float64Array, c: Float64Array, p: number): Float64Array {
  const n = c.length;
  const out = nanArray(n);
  const tp = new Float64Array(n);
  for (let i = 0; i < n; i++) tp[i] = (h[i]! + l[i]! + c[i]!) / 3;
  for (let i = p - 1; i < n; i++) {
    let s = 0;
    for (let j = i - p + 1; j <= i; j++) s += tp[j]!;
    const m = s / p;
    let dev = 0;
    for (let j = i - p + 1; j <= i; j++) dev += Math.abs(tp[j]! - m);
    out[i] = dev === 0 ? 0 : (tp[i]! - m) / ((0.015 * dev) / p);
  }
  return out;
}

function baseAo(h: Float64Array, l: Float64Array): Float64Array {
  const n = h.length;
  const out = nanArray(n);
  const mid = new Float64Array(n);
  let f = 0;
  let s = 0;
  for (let i = 0; i < n; i++) {
    mid[i] = (h[i]! + l[i]!) / 2;
    f += mid[i]!;
    s += mid[i]!;
    if (i >= 5) f -= mid[i - 5]!;
    if (i >= 34) s -= mid[i - 34]!;
    if (i >= 33) out[i] = f / 5 - s / 34;
  }
  return out;
}

function baseMomentum(c: Float64Array, p: number): Float64Array {
  const out = nanArray(c.length);
  for (let i = p; i < c.length; i++) out[i] = c[i]! - c[i - p]!;
  return out;
}

function baseBullBear(h: Float64Array, l: Float64Array, c: Float64Array, p: number): { bull: Float64Array; bear: Float64Array } {
  const n = c.length;
  const bull = nanArray(n);
  const bear = nanArray(n);
  const alpha = 2 / (p + 1);
  let e = 0;
  for (let i = 0; i < n; i++) {
    if (i < p) {
      e += c[i]! / p;
      if (i < p - 1) continue;
    } else e = alpha * c[i]! + (1 - alpha) * e;
    bull[i] = h[i]! - e;
    bear[i] = l[i]! - e;
  }
  return { bull, bear };
}

function baseUo(h: Float64Array, l: Float64Array, c: Float64Array): Float64Array {
  const n = c.length;
  const out = nanArray(n);
  const bp = new Float64Array(n);
  const tr = new Float64Array(n);
  let b7 = 0;
  let b14 = 0;
  let b28 = 0;
  let t7 = 0;
  let t14 = 0;
  let t28 = 0;
  for (let i = 1; i < n; i++) {
    const floor = Math.min(l[i]!, c[i - 1]!);
    bp[i] = c[i]! - floor;
    tr[i] = Math.max(h[i]!, c[i - 1]!) - floor;
    b7 += bp[i]! - (i > 7 ? bp[i - 7]! : 0);
    b14 += bp[i]! - (i > 14 ? bp[i - 14]! : 0);
    b28 += bp[i]! - (i > 28 ? bp[i - 28]! : 0);
    t7 += tr[i]! - (i > 7 ? tr[i - 7]! : 0);
    t14 += tr[i]! - (i > 14 ? tr[i - 14]! : 0);
    t28 += tr[i]! - (i > 28 ? tr[i - 28]! : 0);
    if (i >= 28) out[i] = (100 * (4 * (b7 / t7) + 2 * (b14 / t14) + b28 / t28)) / 7;
  }
  return out;
}

function baseObv(c: Float64Array, v: Float64Array): Float64Array {
  const out = new Float64Array(c.length);
  for (let i = 1; i < c.length; i++) out[i] = out[i - 1]! + (c[i]! > c[i - 1]! ? v[i]! : c[i]! < c[i - 1]! ? -v[i]! : 0);
  return out;
}

// ---- Timing ----

/**
 * Kernel and baseline timed in alternation, `runs` times each after `warm` warm-up pairs, so both see the
 * same machine load (the machine is shared); returns the medians and the median of the per-pair ratios.
 */
function timePair(kernel: () => unknown, baseline: () => unknown, runs: number, warm: number) {
  for (let i = 0; i < warm; i++) {
    kernel();
    baseline();
  }
  const k: number[] = [];
  const b: number[] = [];
  const ratios: number[] = [];
  for (let i = 0; i < runs; i++) {
    let t = performance.now();
    baseline();
    const bm = performance.now() - t;
    t = performance.now();
    kernel();
    const km = performance.now() - t;
    k.push(km);
    b.push(bm);
    ratios.push(km / bm);
  }
  return { kernel: median(k), baseline: median(b), ratio: median(ratios) };
}

const cases: [string, (b: Bars) => unknown, (b: Bars) => unknown][] = [
  ['RSI 14', (b) => rsi(b.close, 14), (b) => baseRsi(b.close, 14)],
  ['Stochastic 14/3/3', (b) => stochastic(b.high, b.low, b.close, 14, 3, 3), (b) => baseStochastic(b.high, b.low, b.close, 14)],
  [
    'Stochastic RSI 14/14/3/3',
    (b) => stochRsi(b.close, 14, 14, 3, 3),
    (b) => {
      const r = baseRsi(b.close, 14);
      return baseStochastic(r, r, r, 14);
    },
  ],
  ['ATR 14', (b) => atr(b.high, b.low, b.close, 14), (b) => baseAtr(b.high, b.low, b.close, 14)],
  ['ADX/DMI 14', (b) => adx(b.high, b.low, b.close, 14), (b) => baseAdx(b.high, b.low, b.close, 14)],
  ['CCI 20', (b) => cci(typicalPrice(b.high, b.low, b.close), 20), (b) => baseCci(b.high, b.low, b.close, 20)],
  ['Williams %R 14', (b) => williamsR(b.high, b.low, b.close, 14), (b) => baseWilliamsR(b.high, b.low, b.close, 14)],
  ['Awesome Oscillator 5/34', (b) => awesomeOscillator(b.high, b.low, 5, 34), (b) => baseAo(b.high, b.low)],
  ['Momentum 10', (b) => momentum(b.close, 10), (b) => baseMomentum(b.close, 10)],
  ['Bull/Bear Power 13', (b) => bullBearPower(b.high, b.low, b.close, 13), (b) => baseBullBear(b.high, b.low, b.close, 13)],
  ['Ultimate Oscillator 7/14/28', (b) => ultimateOscillator(b.high, b.low, b.close, 7, 14, 28), (b) => baseUo(b.high, b.low, b.close)],
  ['OBV', (b) => obv(b.close, b.volume), (b) => baseObv(b.close, b.volume)],
];

for (const n of [10_000, 1_000_000]) {
  const bars = makeBars(n);
  const runs = n > 100_000 ? 11 : 200;
  const warm = n > 100_000 ? 2 : 50;
  for (const [name, ours, base] of cases) {
    const { kernel, baseline, ratio } = timePair(
      () => ours(bars),
      () => base(bars),
      runs,
      warm,
    );
    const label = `${name} @ ${n.toLocaleString('en-US')}`;
    if (n > 100_000) report(`${label}: kernel`, kernel, 'ms', `plain loop ${baseline.toFixed(1)} ms`);
    else report(`${label}: kernel`, kernel * 1000, 'µs', `plain loop ${(baseline * 1000).toFixed(1)} µs`);
    report(`${label}: ratio to plain loop`, ratio, 'x', 'median of paired runs; budget ≤ 2');
  }
}

// ---- The full technical rating, AAPL five years daily ----
const series = loadDailyFixture('AAPL');
for (let i = 0; i < 200; i++) computeTechnicalRating(series);
const ratingTimes: number[] = [];
for (let i = 0; i < 1000; i++) {
  const t = performance.now();
  computeTechnicalRating(series);
  ratingTimes.push(performance.now() - t);
}
const p50 = median(ratingTimes);
report('technical rating, AAPL 1,254 daily bars: p50', p50 * 1000, 'µs', 'budget ≤ 2 ms');
report('technical rating: p50 ratio to budget', p50 / 2, 'x', '≤ 1 meets it');
