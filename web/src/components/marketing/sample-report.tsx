import { DATA_SNAPSHOT_DATE } from './product-facts.ts';

/**
 * The hero illustration: what a finished analysis looks like (facts with sources, a rating, the
 * writer's text). Plain HTML and one inline SVG; the figures are an illustration, labelled as such.
 */
const closes = [
  112, 114, 113, 116, 118, 117, 115, 119, 122, 121, 124, 123, 126, 129, 127, 130, 133, 131, 134, 137, 135, 138, 141, 139, 142, 145, 144, 147, 150, 149,
];
const sma = closes.map((_, i) => {
  const w = closes.slice(Math.max(0, i - 9), i + 1);
  return w.reduce((a, b) => a + b, 0) / w.length;
});

const W = 320;
const H = 96;
const min = 108;
const max = 152;
const toPoints = (ys: number[]) => ys.map((y, i) => `${((i / (ys.length - 1)) * W).toFixed(1)},${(H - ((y - min) / (max - min)) * H).toFixed(1)}`).join(' ');

const facts: Array<[string, string, string]> = [
  ['RSI (14)', '61.4', 'Daily prices'],
  ['Price vs 50-day SMA', '+4.8%', 'Daily prices'],
  ['Piotroski F-score', '7 / 9', 'SEC EDGAR 10-K'],
];

export function SampleReport() {
  const line = toPoints(closes);
  return (
    <figure className="relative w-full max-w-md rounded-2xl border border-slate-200 bg-white p-4 shadow-xl shadow-emerald-900/5 sm:p-5">
      <figcaption className="sr-only">Illustration of a coming Stockpilot technical analysis report, with example figures.</figcaption>
      <div className="flex items-start justify-between gap-3">
        <div>
          <p className="text-xs font-medium uppercase tracking-wide text-slate-500">Technical analysis</p>
          <p className="mt-0.5 text-lg font-semibold text-ink">
            EXMP <span className="text-sm font-normal text-slate-500">Example Corp</span>
          </p>
        </div>
        <span className="rounded-full bg-slate-100 px-2 py-0.5 text-[11px] font-medium text-slate-600">Preview · coming</span>
      </div>

      <svg viewBox={`0 0 ${W} ${H}`} className="mt-3 h-24 w-full" preserveAspectRatio="none" aria-hidden>
        <defs>
          <linearGradient id="sample-fill" x1="0" x2="0" y1="0" y2="1">
            <stop offset="0" stopColor="#10b981" stopOpacity="0.25" />
            <stop offset="1" stopColor="#10b981" stopOpacity="0" />
          </linearGradient>
        </defs>
        <polygon points={`0,${H} ${line} ${W},${H}`} fill="url(#sample-fill)" />
        <polyline points={line} fill="none" stroke="#059669" strokeWidth="2" vectorEffect="non-scaling-stroke" />
        <polyline points={toPoints(sma)} fill="none" stroke="#94a3b8" strokeWidth="1.5" strokeDasharray="4 3" vectorEffect="non-scaling-stroke" />
      </svg>

      <div className="mt-3 rounded-xl bg-slate-50 p-3">
        <div className="flex items-center justify-between text-sm">
          <span className="font-medium text-slate-700">Rating</span>
          <span className="font-semibold text-brand-700">Buy · +0.42</span>
        </div>
        <div className="relative mt-2 h-2 rounded-full bg-linear-to-r from-red-300 via-slate-200 to-emerald-400" aria-hidden>
          <span
            className="absolute top-1/2 size-3.5 -translate-x-1/2 -translate-y-1/2 rounded-full border-2 border-white bg-ink shadow"
            style={{ left: '71%' }}
          />
        </div>
        <div className="mt-1 flex justify-between text-[10px] text-slate-400" aria-hidden>
          <span>Strong sell</span>
          <span>Neutral</span>
          <span>Strong buy</span>
        </div>
      </div>

      <dl className="mt-3 divide-y divide-slate-100 text-sm">
        {facts.map(([label, value, source]) => (
          <div key={label} className="flex items-baseline justify-between gap-3 py-1.5">
            <dt className="min-w-0 text-slate-600">
              {label}
              <span className="block text-[11px] text-slate-400">
                {source} · as of {DATA_SNAPSHOT_DATE}
              </span>
            </dt>
            <dd className="tabular font-semibold text-ink">{value}</dd>
          </div>
        ))}
      </dl>

      <p className="mt-3 border-t border-slate-100 pt-3 text-[13px] leading-relaxed text-slate-600">
        “Momentum is positive: the price is <mark className="rounded bg-emerald-50 px-0.5 text-emerald-800">4.8%</mark> above its 50-day average and RSI at{' '}
        <mark className="rounded bg-emerald-50 px-0.5 text-emerald-800">61.4</mark> is firm without being overbought.”
      </p>
      <p className="mt-2 text-[11px] text-slate-400">Highlighted numbers are checked against the facts above.</p>
    </figure>
  );
}
