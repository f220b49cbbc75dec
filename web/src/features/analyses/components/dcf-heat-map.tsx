import type { DcfGrid } from '../../../../../core/analysis/dcf/grid.ts';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { ScrollArea } from '../../../components/ui/scroll-area.tsx';
import { computeUpsidePercent, heatSteps, pickHeatStep } from '../dcf-heat-colour.ts';

const pct = (fraction: number) => `${(fraction * 100).toFixed(1)} %`;

/**
 * The sensitivity grid as a heat map that is also a real table: discount rates down, terminal growth
 * across, each cell's value in text and its colour from the upside over the price (legend below).
 */
export function DcfHeatMap({
  grid,
  priceUsd,
  base,
}: {
  grid: DcfGrid;
  priceUsd: number | null;
  base: { discountRate: number; terminalGrowth: number } | null;
}) {
  const isBase = (r: number, g: number) => base !== null && Math.abs(r - base.discountRate) < 1e-9 && Math.abs(g - base.terminalGrowth) < 1e-9;
  return (
    <Card data-testid="dcf-heat-map">
      <CardHeader>
        <CardTitle>Fair value per share across discount rates and terminal growth</CardTitle>
        <CardDescription>
          Each cell reruns the DCF with one discount rate (rows) and one terminal growth rate (columns); the outlined cell is the base case.
          {priceUsd !== null && ` Colours compare each value with the price of $${priceUsd.toFixed(2)}.`}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <ScrollArea label="Sensitivity grid">
          <table className="w-full border-separate border-spacing-0.5 text-center text-xs tabular">
            <caption className="sr-only">DCF sensitivity: fair value per share in US dollars by discount rate and terminal growth</caption>
            <thead>
              <tr>
                <th scope="col" className="p-1 text-left font-medium text-fg-muted">
                  Discount rate ↓ / growth →
                </th>
                {grid.terminalGrowths.map((g) => (
                  <th key={g} scope="col" className="p-1 font-medium text-fg-secondary">
                    {pct(g)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {grid.rows.map((row, i) => (
                <tr key={grid.discountRates[i]}>
                  <th scope="row" className="p-1 text-left font-medium text-fg-secondary">
                    {pct(grid.discountRates[i]!)}
                  </th>
                  {row.map((cell) => {
                    const up = computeUpsidePercent(cell.perShareUsd, priceUsd);
                    const step = up === null ? null : pickHeatStep(up);
                    const baseCell = isBase(cell.discountRate, cell.terminalGrowth);
                    return (
                      <td
                        key={cell.terminalGrowth}
                        className={`rounded p-1.5 ${baseCell ? 'outline outline-2 outline-offset-[-2px] outline-fg font-bold' : ''}`}
                        style={
                          step
                            ? { background: step.background, color: step.text }
                            : { background: 'var(--color-surface-muted)', color: 'var(--color-fg-muted)' }
                        }
                        title={cell.reason ?? (up !== null ? `${up >= 0 ? '+' : ''}${up.toFixed(1)} % vs price` : undefined)}
                      >
                        {cell.perShareUsd === null ? 'n/a' : `$${cell.perShareUsd.toFixed(0)}`}
                        {baseCell && <span className="sr-only"> (base case)</span>}
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollArea>
        {priceUsd !== null && (
          <ul className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-xs text-fg-secondary" aria-label="Colour scale">
            {heatSteps.map((s) => (
              <li key={s.label} className="flex items-center gap-1.5">
                <span className="inline-block size-3 rounded-sm border border-border-strong" style={{ background: s.background }} aria-hidden />
                {s.label}
              </li>
            ))}
            <li>n/a: the terminal growth is too close to the discount rate</li>
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
