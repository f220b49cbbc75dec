import { beforeAll, describe, expect, it } from 'vitest';
import { openBundledAnalysisData } from '../../../server/adapters/market-data/bundled/analysis-inputs.ts';
import type { AnalysisInputName, AnalysisInputs, AnalysisKind } from '../analysis-types.ts';
import { analysisBuilders, analysisRequirements } from './index.ts';

/*
 * The feature loads only what `analysisRequirements[kind]` names. Building each kind from exactly those
 * inputs (everything else null or empty) must give the same facts as building it from everything.
 */

const EMPTY: Pick<AnalysisInputs, AnalysisInputName> = {
  quote: null,
  daily: null,
  monthly: null,
  benchmark: null,
  fundamentals: null,
  etf: null,
  compareEtf: null,
  dividends: [],
  sectorTable: null,
};

let full: Record<string, AnalysisInputs>;

beforeAll(async () => {
  const data = openBundledAnalysisData();
  full = { AAPL: await data.load('AAPL'), SPY: await data.load('SPY', { compareEtf: 'QQQ' }) };
});

const only = (inputs: AnalysisInputs, kind: AnalysisKind): AnalysisInputs => {
  const out: AnalysisInputs = { ...inputs, ...EMPTY };
  for (const name of analysisRequirements[kind]) (out as unknown as Record<string, unknown>)[name] = inputs[name];
  return out;
};

describe('analysis requirements', () => {
  it.each(['overview', 'fundamental', 'technical', 'balance-sheet', 'dcf', 'etf'] as const)('%s: the required inputs alone give the same facts', (kind) => {
    const inputs = full[kind === 'etf' ? 'SPY' : 'AAPL']!;
    const a = analysisBuilders[kind](inputs, null);
    const b = analysisBuilders[kind](only(inputs, kind), null);
    if (!a.ok || !b.ok) throw new Error(`${kind} failed`);
    expect(b.value.facts).toEqual(a.value.facts);
  });
});
