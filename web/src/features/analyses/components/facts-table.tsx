import { ScrollArea } from '../../../components/ui/scroll-area.tsx';
import { describeDataSource } from '../../../../../core/market/source-names.ts';
import type { Fact } from '../../../../../core/analysis/analysis-types.ts';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { formatFactValue } from '../../../../../core/facts/format-fact.ts';

/** Anchor of a fact's row: the note's citations link here. */
export const factAnchor = (key: string) => `fact-${key}`;

/** Every number the note may use, with its period, source and as-of date. */
export function FactsTable({ facts }: { facts: Fact[] }) {
  return (
    <Card data-testid="analysis-facts">
      <CardHeader>
        <CardTitle>Facts behind the note</CardTitle>
        <CardDescription>The only figures the note uses, each with where it comes from and how recent it is.</CardDescription>
      </CardHeader>
      <CardContent>
        <ScrollArea label="Facts behind the note">
          <table className="w-full min-w-[36rem] text-left text-sm">
            <thead className="border-b border-border text-xs text-fg-muted">
              <tr>
                <th scope="col" className="py-2 pr-3 font-medium">
                  Figure
                </th>
                <th scope="col" className="py-2 pr-3 text-right font-medium">
                  Value
                </th>
                <th scope="col" className="py-2 pr-3 font-medium">
                  Period
                </th>
                <th scope="col" className="py-2 pr-3 font-medium">
                  Source
                </th>
                <th scope="col" className="py-2 font-medium">
                  As of
                </th>
              </tr>
            </thead>
            <tbody>
              {facts.map((f) => (
                <tr key={f.key} id={factAnchor(f.key)} className="scroll-mt-24 border-b border-border-subtle last:border-0 target:bg-warning-soft">
                  <th scope="row" className="py-2 pr-3 font-normal text-fg">
                    {f.label}
                  </th>
                  <td className="py-2 pr-3 text-right font-medium tabular">{formatFactValue(f)}</td>
                  <td className="py-2 pr-3 text-fg-muted">{f.period}</td>
                  <td className="py-2 pr-3 text-fg-muted">{describeDataSource(f.source)}</td>
                  <td className="py-2 text-fg-muted tabular">{f.as_of}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollArea>
      </CardContent>
    </Card>
  );
}
