/**
 * Fundamental scores budget (issue 13): Piotroski + Altman + sector grades for the whole universe
 * (~505 names, inputs preloaded) ≤ 50 ms. Standalone: `npx tsx bench/scores.bench.ts`.
 */
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { computeAltman } from '../core/analysis/fundamentals/altman.ts';
import { computeGradeMetrics } from '../core/analysis/fundamentals/grade-metrics.ts';
import { computePiotroski } from '../core/analysis/fundamentals/piotroski.ts';
import { buildSectorTable, gradeCompany, type SectorTable } from '../core/analysis/fundamentals/sector-grades.ts';
import { readBundleInput, buildUniverse } from '../scripts/build-sector-table.ts';
import { median, report } from './support.ts';

const BUDGET_MS = 50;
const universe = buildUniverse(readBundleInput(join(import.meta.dirname, '..', 'data')));

// The grades' sector table is precomputed (data:prepare); built here once from the same inputs so the timed loop only grades.
const table: SectorTable = buildSectorTable(
  universe.flatMap((c) => (c.sector && c.inputs ? [{ sector: c.sector, metrics: computeGradeMetrics(c.financials, c.inputs.market, c.inputs.momentum) }] : [])),
);

function scoreUniverse() {
  let piotroski = 0;
  let altman = 0;
  let graded = 0;
  for (const c of universe) {
    const f9 = computePiotroski(c.financials);
    if (f9.ok) piotroski++;
    if (computeAltman(c.financials, c.companyClass, c.inputs?.market.marketCapUsd ?? null).ok) altman++;
    if (c.inputs && gradeCompany(table, c.sector, computeGradeMetrics(c.financials, c.inputs.market, c.inputs.momentum, c.companyClass, f9)).ok) graded++;
  }
  return { piotroski, altman, graded };
}

for (let i = 0; i < 20; i++) scoreUniverse(); // warm-up (JIT)
const times: number[] = [];
let counts = scoreUniverse();
for (let i = 0; i < 50; i++) {
  const t = performance.now();
  counts = scoreUniverse();
  times.push(performance.now() - t);
}
const ms = median(times);
report('Piotroski + Altman + grades, whole universe (median of 50)', ms, 'ms', `${universe.length} names; budget ≤ ${BUDGET_MS}`);
report('  ratio to budget', ms / BUDGET_MS, 'x', `below 1 is within budget; 1-minute load average ${loadavg()[0]!.toFixed(1)} while measuring`);
report('  Piotroski applied to', counts.piotroski, 'names', 'two consecutive fiscal years');
report(
  '  Altman Z/Z″ applied to',
  counts.altman,
  'names',
  `${universe.filter((c) => c.companyClass === 'bank' || c.companyClass === 'insurer').length} banks/insurers not applicable; the rest lack a balance-sheet line`,
);
report('  graded (sector, price and at least one category)', counts.graded, 'names');
