import type { DcfYear } from '../../../../../core/analysis/dcf/two-stage.ts';
import { ScrollArea } from '../../../components/ui/scroll-area.tsx';
import { formatFactValue } from '../../../../../core/facts/format-fact.ts';

const HEADERS = ['Year', 'Stage', 'Growth', 'Free cash flow', 'Discount factor', 'Present value'];
const pct = (fraction: number) => `${(fraction * 100).toFixed(2)} %`;
const usd = (v: number) => formatFactValue({ value: v, unit: 'usd' });

/** A DCF's projected years, one row each: what the /dcf analysis and the DCF studio both show. */
export function DcfProjectionTable({ years }: { years: readonly DcfYear[] }) {
  return (
    <ScrollArea label="Year-by-year projection">
      <table className="w-full min-w-[28rem] text-sm tabular">
        <thead className="border-b border-border text-xs text-fg-muted">
          <tr>
            {HEADERS.map((h) => (
              <th key={h} scope="col" className="py-1.5 pr-3 text-right font-medium first:text-left">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {years.map((y) => (
            <tr key={y.year} className="border-b border-border-subtle">
              <th scope="row" className="py-1.5 pr-3 text-left font-normal">
                {y.year}
              </th>
              <td className="py-1.5 pr-3 text-right">{y.stage}</td>
              <td className="py-1.5 pr-3 text-right">{pct(y.growth)}</td>
              <td className="py-1.5 pr-3 text-right">{usd(y.fcfUsd)}</td>
              <td className="py-1.5 pr-3 text-right">{y.discountFactor.toFixed(3)}</td>
              <td className="py-1.5 pr-3 text-right">{usd(y.presentValueUsd)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollArea>
  );
}
