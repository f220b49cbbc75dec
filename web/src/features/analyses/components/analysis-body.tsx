import type { ComponentType } from 'react';
import type { AnalysisKind } from '../../../../../core/analysis/analysis-types.ts';
import type { ShownAnalysis } from '../api/run-analysis.ts';
import { AnalysisAttribution } from './analysis-attribution.tsx';
import { AnalysisNote } from './analysis-note.tsx';
import { BalanceSheetView, FundamentalView } from './company-views.tsx';
import { DcfView } from './dcf-view.tsx';
import { FactsTable } from './facts-table.tsx';
import { EtfView, OverviewView } from './overview-etf-views.tsx';
import { TechnicalView } from './technical-view.tsx';

/** Each kind's own view (charts, grades, tables): one table, so a new kind does not compile until it has one. */
const kindViews: Record<AnalysisKind, ComponentType<{ analysis: ShownAnalysis }>> = {
  overview: OverviewView,
  fundamental: FundamentalView,
  technical: TechnicalView,
  'balance-sheet': BalanceSheetView,
  etf: EtfView,
  dcf: DcfView,
};

/** The view of an analysis's kind, chosen by its `kind`. */
export function AnalysisKindView({ analysis }: { analysis: ShownAnalysis }) {
  const View = kindViews[analysis.kind];
  return <View analysis={analysis} />;
}

/** A finished analysis read-only: the note, what moved its scores, its kind's view and the facts (the share page; no run or account actions). */
export function AnalysisBody({ analysis }: { analysis: ShownAnalysis }) {
  return (
    <div className="space-y-6" data-testid="analysis-body">
      <AnalysisNote note={analysis.note} facts={analysis.facts} asOf={analysis.as_of} />
      <AnalysisAttribution analysis={analysis} />
      <AnalysisKindView analysis={analysis} />
      <FactsTable facts={analysis.facts} />
    </div>
  );
}
