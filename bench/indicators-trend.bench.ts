/**
 * Trend indicators and series statistics (issue 13): each engine against a plain Float64Array loop
 * computing the same thing, written here as one hand-fused loop, at 10,000 and 1,000,000 points.
 * Budget: ≤ 2× the plain loop. Standalone: `npx tsx bench/indicators-trend.bench.ts`.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { alignReturns, regressReturns } from '../core/analysis/indicators/beta-correlation.ts';
import { bollinger } from '../core/analysis/indicators/bollinger.ts';
import { hullMa } from '../core/analysis/indicators/hull-ma.ts';
import { ichimoku } from '../core/analysis/indicators/ichimoku.ts';
import { macd } from '../core/analysis/indicators/macd.ts';
import { maxDrawdown } from '../core/analysis/indicators/max-drawdown.ts';
import { computePivotPoints } from '../core/analysis/indicators/pivot-points.ts';
import type { OhlcvSeries } from '../core/analysis/indicators/series.ts';
import { supportResistance } from '../core/analysis/indicators/support-resistance.ts';
import { rollingVolatility } from '../core/analysis/indicators/volatility.ts';
import { vwma } from '../core/analysis/indicators/vwma.ts';
import { wma } from '../core/analysis/indicators/wma.ts';
import { median, report } from './support.ts';

const BUDGET = 2;

/** A deterministic random walk of daily bars (prices stay positive; volume varies). */
function makeSeries(n: number, seed: number): OhlcvSeries {
  let s = seed;
  const rand = () => {
    s = (s * 16807) % 2147483647;
    return s / 2147483647;
  };
  const close = new Float64Array(n);
  const high = new Float64Array(n);
  const low = new Float64Array(n);
  const open = new Float64Array(n);
  const volume = new Float64Array(n);
  const dates: string[] = [];
  const day0 = Date.UTC(1900, 0, 1);
  let x = 100;
  for (let i = 0; i < n; i++) {
    const o = x;
    x *= Math.exp((rand() - 0.5) * 0.04);
    open[i] = o;
    close[i] = x;
    high[i] = Math.max(o, x) * (1 + rand() * 0.01);
    low[i] = Math.min(o, x) * (1 - rand() * 0.01);
    volume[i] = Math.floor(1e6 * (0.5 + rand()));
    dates.push(new Date(day0 + i * 86_400_000).toISOString().slice(0, 10));
  }
  return { dates, open, high, low, close, volume };
}

setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

/**
 * Median milliseconds of `reps` runs of each, after warm-up runs (JIT). The two alternate run by run so
 * a burst of load from other processes on the machine falls on both rather than skewing the ratio. A
 * full collection runs before each timed call: at 1,000,000 points the 2 M date strings alive make one
 * cost ~100 ms, and V8 would otherwise charge it to whichever call crosses its threshold.
 */
function timePair(ours: () => unknown, plain: () => unknown, reps: number): [number, number] {
  for (let i = 0; i < Math.max(3, reps >> 2); i++) {
    ours();
    plain();
  }
  const a: number[] = [];
  const b: number[] = [];
  const timed = (fn: () => unknown) => {
    collectGarbage();
    const t = performance.now();
    fn();
    return performance.now() - t;
  };
  for (let i = 0; i < reps; i++) {
    a.push(timed(ours));
    b.push(timed(plain));
  }
  return [median(a), median(b)];
}

function repeat(times: number, fn: () => unknown): unknown {
  let last: unknown;
  for (let i = 0; i < times; i++) last = fn();
  return last;
}

const nan = (n: number) => new Float64Array(n).fill(Number.NaN);

// ——— plain loops ———

function plainWma(x: Float64Array, p: number): Float64Array {
  const n = x.length;
  const out = nan(n);
  const d = (p * (p + 1)) / 2;
  let w = 0;
  let s = 0;
  for (let i = 0; i < n; i++) {
    if (i < p) {
      w += (i + 1) * x[i]!;
      s += x[i]!;
      if (i === p - 1) out[i] = w / d;
      continue;
    }
    w += p * x[i]! - s;
    s += x[i]! - x[i - p]!;
    out[i] = w / d;
  }
  return out;
}

function plainVwma(c: Float64Array, v: Float64Array, p: number): Float64Array {
  const n = c.length;
  const out = nan(n);
  let pv = 0;
  let vs = 0;
  for (let i = 0; i < n; i++) {
    pv += c[i]! * v[i]!;
    vs += v[i]!;
    if (i >= p) {
      pv -= c[i - p]! * v[i - p]!;
      vs -= v[i - p]!;
    }
    if (i >= p - 1) out[i] = pv / vs;
  }
  return out;
}

/** Hull as three running weighted sums in one loop (half, full, then the outer WMA of their difference). */
function plainHull(x: Float64Array, p: number): Float64Array {
  const n = x.length;
  const h = Math.floor(p / 2);
  const q = Math.floor(Math.sqrt(p));
  const out = nan(n);
  const diff = new Float64Array(n);
  const dh = (h * (h + 1)) / 2;
  const dp = (p * (p + 1)) / 2;
  const dq = (q * (q + 1)) / 2;
  let wh = 0;
  let sh = 0;
  let wp = 0;
  let sp = 0;
  let wq = 0;
  let sq = 0;
  for (let i = 0; i < n; i++) {
    const xi = x[i]!;
    if (i < h) {
      wh += (i + 1) * xi;
      sh += xi;
    } else {
      wh += h * xi - sh;
      sh += xi - x[i - h]!;
    }
    if (i < p) {
      wp += (i + 1) * xi;
      sp += xi;
    } else {
      wp += p * xi - sp;
      sp += xi - x[i - p]!;
    }
    if (i < p - 1) continue;
    const d = (2 * wh) / dh - wp / dp;
    diff[i] = d;
    const k = i - (p - 1);
    if (k < q) {
      wq += (k + 1) * d;
      sq += d;
      if (k === q - 1) out[i] = wq / dq;
      continue;
    }
    wq += q * d - sq;
    sq += d - diff[i - q]!;
    out[i] = wq / dq;
  }
  return out;
}

/** Ichimoku by scanning each window for its extremes (the obvious loop). */
function plainIchimoku(hi: Float64Array, lo: Float64Array, c: Float64Array) {
  const n = c.length;
  const mid = (p: number, i: number) => {
    let a = hi[i]!;
    let b = lo[i]!;
    for (let j = i - p + 1; j < i; j++) {
      if (hi[j]! > a) a = hi[j]!;
      if (lo[j]! < b) b = lo[j]!;
    }
    return (a + b) / 2;
  };
  const conversion = nan(n);
  const base = nan(n);
  const spanA = nan(n);
  const spanB = nan(n);
  const lagging = nan(n);
  for (let i = 0; i < n; i++) {
    if (i >= 8) conversion[i] = mid(9, i);
    if (i >= 25) base[i] = mid(26, i);
    if (i + 25 < n) {
      if (i >= 25) spanA[i + 25] = (conversion[i]! + base[i]!) / 2;
      if (i >= 51) spanB[i + 25] = mid(52, i);
    }
    if (i >= 25) lagging[i - 25] = c[i]!;
  }
  return { conversion, base, spanA, spanB, lagging };
}

function plainMacd(c: Float64Array) {
  const n = c.length;
  const line = nan(n);
  const signal = nan(n);
  const hist = nan(n);
  const af = 2 / 13;
  const as = 2 / 27;
  const ag = 2 / 10;
  let f = 0;
  let s = 0;
  let g = 0;
  for (let i = 0; i < n; i++) {
    const x = c[i]!;
    if (i < 12) f += x / 12;
    else f = af * x + (1 - af) * f;
    if (i < 26) s += x / 26;
    else s = as * x + (1 - as) * s;
    if (i < 25) continue;
    const m = f - s;
    line[i] = m;
    if (i < 33) {
      g += m / 9;
      if (i < 32) continue;
    } else g = ag * m + (1 - ag) * g;
    signal[i] = g;
    hist[i] = m - g;
  }
  return { line, signal, hist };
}

/** Bollinger by running Σx and Σx² (the textbook loop; less exact than the engine's update). */
function plainBollinger(c: Float64Array, p: number, k: number) {
  const n = c.length;
  const upper = nan(n);
  const middle = nan(n);
  const lower = nan(n);
  let s = 0;
  let s2 = 0;
  for (let i = 0; i < n; i++) {
    s += c[i]!;
    s2 += c[i]! * c[i]!;
    if (i >= p) {
      s -= c[i - p]!;
      s2 -= c[i - p]! * c[i - p]!;
    }
    if (i < p - 1) continue;
    const m = s / p;
    const sd = Math.sqrt(Math.max(0, s2 / p - m * m));
    middle[i] = m;
    upper[i] = m + k * sd;
    lower[i] = m - k * sd;
  }
  return { upper, middle, lower };
}

function plainVolatility(c: Float64Array, p: number): Float64Array {
  const n = c.length;
  const out = nan(n);
  const r = new Float64Array(n);
  let s = 0;
  let s2 = 0;
  const scale = Math.sqrt(252);
  for (let i = 1; i < n; i++) {
    const x = Math.log(c[i]! / c[i - 1]!);
    r[i] = x;
    s += x;
    s2 += x * x;
    if (i > p) {
      s -= r[i - p]!;
      s2 -= r[i - p]! * r[i - p]!;
    }
    if (i >= p) out[i] = Math.sqrt(Math.max(0, (s2 - (s * s) / p) / (p - 1))) * scale;
  }
  return out;
}

function plainMaxDrawdown(c: Float64Array): [number, number, number, number] {
  let peak = c[0]!;
  let peakAt = 0;
  let depth = 0;
  let from = 0;
  let to = 0;
  for (let i = 1; i < c.length; i++) {
    if (c[i]! >= peak) {
      peak = c[i]!;
      peakAt = i;
    } else if (1 - c[i]! / peak > depth) {
      depth = 1 - c[i]! / peak;
      from = peakAt;
      to = i;
    }
  }
  let back = -1;
  for (let i = to + 1; i < c.length && back < 0; i++) if (c[i]! >= c[from]!) back = i;
  return [depth, from, to, back];
}

/** Merge on dates, returns between common dates, then the textbook one-pass sums. */
function plainBeta(a: OhlcvSeries, b: OhlcvSeries): [number, number] {
  let sa = 0;
  let sb = 0;
  let sab = 0;
  let sbb = 0;
  let saa = 0;
  let m = 0;
  let pa = -1;
  let pb = -1;
  for (let i = 0, j = 0; i < a.dates.length && j < b.dates.length; ) {
    if (a.dates[i]! < b.dates[j]!) i++;
    else if (a.dates[i]! > b.dates[j]!) j++;
    else {
      if (pa >= 0) {
        const x = a.close[i]! / a.close[pa]! - 1;
        const y = b.close[j]! / b.close[pb]! - 1;
        sa += x;
        sb += y;
        sab += x * y;
        sbb += y * y;
        saa += x * x;
        m++;
      }
      pa = i++;
      pb = j++;
    }
  }
  const cov = m * sab - sa * sb;
  return [cov / (m * sbb - sb * sb), cov / Math.sqrt((m * saa - sa * sa) * (m * sbb - sb * sb))];
}

function plainSwingLevels(h: Float64Array, l: Float64Array, k: number, tol: number): number {
  const prices = new Float64Array(h.length);
  let m = 0;
  for (let i = k; i < h.length - k; i++) {
    let isH = true;
    let isL = true;
    for (let j = 1; j <= k; j++) {
      if (!(h[i]! > h[i - j]! && h[i]! >= h[i + j]!)) isH = false;
      if (!(l[i]! < l[i - j]! && l[i]! <= l[i + j]!)) isL = false;
    }
    if (isH) prices[m++] = h[i]!;
    if (isL) prices[m++] = l[i]!;
  }
  const sorted = prices.subarray(0, m).sort();
  let levels = 0;
  let lowest = Number.NEGATIVE_INFINITY;
  for (let i = 0; i < m; i++) {
    if (sorted[i]! > lowest * (1 + tol) || levels === 0) {
      levels++;
      lowest = sorted[i]!;
    }
  }
  return levels;
}

function plainMonthlyPivot(s: OhlcvSeries) {
  const n = s.close.length;
  const cur = s.dates[n - 1]!.slice(0, 7);
  let e = n - 1;
  while (e >= 0 && s.dates[e]!.slice(0, 7) === cur) e--;
  const prev = s.dates[e]!.slice(0, 7);
  let hi = s.high[e]!;
  let lo = s.low[e]!;
  let from = e;
  for (let i = e - 1; i >= 0 && s.dates[i]!.slice(0, 7) === prev; i--) {
    hi = Math.max(hi, s.high[i]!);
    lo = Math.min(lo, s.low[i]!);
    from = i;
  }
  const c = s.close[e]!;
  const p = (hi + lo + c) / 3;
  return {
    basis: { from: s.dates[from]!, to: s.dates[e]!, high: hi, low: lo, close: c },
    appliesFrom: s.dates[e + 1]!,
    levels: { p, r1: 2 * p - lo, r2: p + hi - lo, r3: hi + 2 * (p - lo), s1: 2 * p - hi, s2: p - hi + lo, s3: lo - 2 * (hi - p) },
  };
}

// ——— runs ———

for (const n of [10_000, 1_000_000]) {
  const reps = n > 100_000 ? 9 : 60;
  const s = makeSeries(n, 42);
  const spy = makeSeries(n, 7);
  const label = n.toLocaleString('en-US');
  const cases: [string, () => unknown, () => unknown][] = [
    ['WMA(20)', () => wma(s.close, 20), () => plainWma(s.close, 20)],
    ['VWMA(20)', () => vwma(s.close, s.volume, 20), () => plainVwma(s.close, s.volume, 20)],
    ['Hull MA(9)', () => hullMa(s.close, 9), () => plainHull(s.close, 9)],
    ['Ichimoku(9, 26, 52, 26)', () => ichimoku(s.high, s.low, s.close), () => plainIchimoku(s.high, s.low, s.close)],
    ['MACD(12, 26, 9)', () => macd(s.close), () => plainMacd(s.close)],
    ['Bollinger(20, 2)', () => bollinger(s.close, 20, 2), () => plainBollinger(s.close, 20, 2)],
    ['volatility (20-day, annualised)', () => rollingVolatility(s.close, 20), () => plainVolatility(s.close, 20)],
    ['max drawdown', () => maxDrawdown(s.close), () => plainMaxDrawdown(s.close)],
    [
      'beta + correlation (returns aligned on dates)',
      () => {
        const r = alignReturns(s, spy);
        return regressReturns(r.asset, r.benchmark);
      },
      () => plainBeta(s, spy),
    ],
    ['support/resistance (lookback 5)', () => supportResistance(s.high, s.low, s.close), () => plainSwingLevels(s.high, s.low, 5, 0.01)],
    // one call takes microseconds (it reads the last two months only), so 1,000 calls are timed
    ['pivot points (monthly, classic) × 1,000 calls', () => repeat(1000, () => computePivotPoints(s)), () => repeat(1000, () => plainMonthlyPivot(s))],
  ];
  for (const [name, ours, plain] of cases) {
    const [a, b] = timePair(ours, plain, reps);
    report(`${name} @ ${label}`, a, 'ms', `plain loop ${b.toFixed(3)} ms`);
    report(`${name} @ ${label} vs plain loop`, a / b, 'x', `budget ≤ ${BUDGET}${a / b > BUDGET ? ' — OVER' : ''}`);
  }
}
