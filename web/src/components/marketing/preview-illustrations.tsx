import type { ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';
import { ScrollArea } from '../ui/scroll-area.tsx';

/** Small, static pictures of what each upcoming feature will show. Example figures, labelled as such. */
function Frame({ title, children }: { title: string; children: ReactNode }) {
  return (
    <figure className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
      <div className="flex items-center justify-between gap-3 border-b border-slate-100 bg-slate-50 px-4 py-2.5">
        <figcaption className="text-sm font-medium text-slate-700">{title}</figcaption>
        <span className="rounded-full bg-white px-2 py-0.5 text-[11px] font-medium text-slate-500 ring-1 ring-slate-200">Illustration</span>
      </div>
      <div className="p-4">{children}</div>
    </figure>
  );
}

const waccs = [0.07, 0.08, 0.09, 0.1, 0.11];
const growths = [0.015, 0.02, 0.025, 0.03, 0.035];
const FCF_PER_SHARE = 5.2;
const PRICE = 118;

function DcfGrid() {
  return (
    <Frame title="Fair value per share: WACC × terminal growth">
      <ScrollArea label="DCF fair value grid">
        <table className="tabular w-full min-w-[18rem] text-center text-xs sm:text-sm">
          <thead>
            <tr>
              <th scope="col" className="p-1.5 text-left font-medium text-slate-500">
                WACC ↓ g →
              </th>
              {growths.map((g) => (
                <th key={g} scope="col" className="p-1.5 font-medium text-slate-500">
                  {(g * 100).toFixed(1)}%
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {waccs.map((r) => (
              <tr key={r}>
                <th scope="row" className="p-1.5 text-left font-medium text-slate-500">
                  {(r * 100).toFixed(0)}%
                </th>
                {growths.map((g) => {
                  // Gordon growth on next year's FCF; refused when r − g is under 1.5 points, as the real model does.
                  if (r - g < 0.015 - 1e-9) {
                    return (
                      <td key={g} className="p-1.5 text-slate-300">
                        —
                      </td>
                    );
                  }
                  const value = (FCF_PER_SHARE * (1 + g)) / (r - g);
                  return (
                    <td key={g} className="p-0.5">
                      <span className={cn('block rounded px-1 py-1', value >= PRICE ? 'bg-emerald-50 text-emerald-800' : 'bg-red-50 text-red-700')}>
                        {value.toFixed(0)}
                      </span>
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollArea>
      <p className="mt-3 text-xs text-slate-500">
        Example: FCF ${FCF_PER_SHARE.toFixed(2)} a share, price ${PRICE}. Green cells are above the price; combinations with r − g under 1.5 points are refused.
      </p>
    </Frame>
  );
}

function ScreenerMock() {
  const filters = ['P/E < 20', 'ROIC > 15%', 'Debt / equity < 1', 'RSI (14) 30–70'];
  const rows: Array<[string, string, string, string]> = [
    ['ALFA', '14.2', '22.8%', '0.41'],
    ['BRVO', '17.9', '18.1%', '0.76'],
    ['CHRL', '11.5', '16.4%', '0.22'],
    ['DLTX', '19.3', '31.0%', '0.93'],
  ];
  return (
    <Frame title="Screen: quality at a fair price">
      <ul className="flex flex-wrap gap-2" aria-label="Example filters">
        {filters.map((f) => (
          <li key={f} className="rounded-full border border-emerald-200 bg-emerald-50 px-2.5 py-1 text-xs font-medium text-emerald-800">
            {f}
          </li>
        ))}
      </ul>
      <table className="tabular mt-4 w-full text-sm">
        <thead>
          <tr className="border-b border-slate-200 text-left text-xs text-slate-500">
            <th scope="col" className="py-1.5 font-medium">
              Ticker
            </th>
            <th scope="col" className="py-1.5 text-right font-medium">
              P/E
            </th>
            <th scope="col" className="py-1.5 text-right font-medium">
              ROIC
            </th>
            <th scope="col" className="py-1.5 text-right font-medium">
              D/E
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map(([t, pe, roic, de]) => (
            <tr key={t}>
              <th scope="row" className="py-1.5 text-left font-semibold text-ink">
                {t}
              </th>
              <td className="py-1.5 text-right">{pe}</td>
              <td className="py-1.5 text-right">{roic}</td>
              <td className="py-1.5 text-right">{de}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="mt-3 text-xs text-slate-500">4 filters · 37 of 503 companies match · sorted by ROIC</p>
    </Frame>
  );
}

function WatchlistMock() {
  const rows: Array<[string, string, string[]]> = [
    ['ALFA', '+3.4%', ['New 52-week high']],
    ['BRVO', '−1.2%', ['RSI (14) crossed 70']],
    ['CHRL', '+0.6%', ['10-Q filed', 'F-score 6 → 8']],
    ['DLTX', '−4.1%', ['Rating Buy → Neutral']],
  ];
  return (
    <Frame title="Long-term holdings · what changed since Monday">
      <ul className="divide-y divide-slate-100">
        {rows.map(([t, chg, flags]) => (
          <li key={t} className="flex flex-wrap items-center gap-x-3 gap-y-1.5 py-2.5">
            <span className="w-12 font-semibold text-ink">{t}</span>
            <span className={cn('tabular w-14 text-sm font-medium', chg.startsWith('+') ? 'text-emerald-700' : 'text-red-600')}>{chg}</span>
            <span className="flex flex-wrap gap-1.5">
              {flags.map((f) => (
                <span key={f} className="rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-700">
                  {f}
                </span>
              ))}
            </span>
          </li>
        ))}
      </ul>
    </Frame>
  );
}

function YieldMock() {
  const dps = [1.52, 1.6, 1.71, 1.8, 1.92, 2.04, 2.2, 2.36, 2.52, 2.7];
  const max = 3;
  const growth5y = (dps[9]! / dps[4]!) ** (1 / 5) - 1;
  return (
    <Frame title="Dividends per share, 2017–2026">
      <svg viewBox="0 0 300 120" className="h-36 w-full" aria-hidden>
        {dps.map((d, i) => {
          const h = (d / max) * 100;
          return <rect key={d} x={i * 30 + 5} y={110 - h} width="20" height={h} rx="3" fill={i === dps.length - 1 ? '#059669' : '#a7f3d0'} />;
        })}
        <line x1="0" x2="300" y1="110.5" y2="110.5" stroke="#e2e8f0" />
      </svg>
      <dl className="mt-2 grid grid-cols-3 gap-2 text-center text-xs">
        {[
          ['5-yr growth', `${(growth5y * 100).toFixed(1)}%`],
          ['Payout (FCF)', '48%'],
          ['Streak', '10 yrs'],
        ].map(([k, v]) => (
          <div key={k} className="rounded-lg bg-slate-50 p-2">
            <dt className="text-slate-500">{k}</dt>
            <dd className="tabular mt-0.5 text-sm font-semibold text-ink">{v}</dd>
          </div>
        ))}
      </dl>
    </Frame>
  );
}

function FundamentalsMock() {
  const years = ['FY22', 'FY23', 'FY24', 'FY25'];
  const lines: Array<[string, string[]]> = [
    ['Revenue ($B)', ['38.1', '41.6', '45.9', '49.2']],
    ['Operating margin', ['21.4%', '22.9%', '24.1%', '24.8%']],
    ['FCF per share', ['$4.12', '$4.58', '$5.01', '$5.20']],
    ['Shares (M, diluted)', ['812', '806', '797', '791']],
    ['Piotroski F-score', ['6', '7', '7', '8']],
  ];
  return (
    <Frame title="EXMP · income and quality, 4 fiscal years">
      <ScrollArea label="Example income and quality figures">
        <table className="tabular w-full min-w-[18rem] text-sm">
          <thead>
            <tr className="border-b border-slate-200 text-xs text-slate-500">
              <th scope="col" className="py-1.5 text-left font-medium">
                <span className="sr-only">Line</span>
              </th>
              {years.map((y) => (
                <th key={y} scope="col" className="py-1.5 text-right font-medium">
                  {y}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {lines.map(([label, vals]) => (
              <tr key={label}>
                <th scope="row" className="py-1.5 pr-2 text-left font-normal text-slate-700">
                  {label}
                </th>
                {vals.map((v, i) => (
                  <td key={years[i]} className="py-1.5 text-right text-ink">
                    {v}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollArea>
    </Frame>
  );
}

export const previewIllustrations: Record<string, () => ReactNode> = {
  '/dcf-stock-valuation': DcfGrid,
  '/advanced-market-screener': ScreenerMock,
  '/smart-watchlist': WatchlistMock,
  '/smart-yield': YieldMock,
  '/advanced-fundamentals': FundamentalsMock,
};
