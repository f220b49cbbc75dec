import { describe, expect, it } from 'vitest';
import type { CopilotFact } from '../../../core/copilot/copilot-types.ts';
import { CheckedTextStream, findUnbackedInText } from './checked-text.ts';
import { CitationNumberer, FactRegistry, stripMarkers } from './citations.ts';

const LABELS: Record<string, string> = { rsi_14: 'RSI (14)', macd: 'MACD (12, 26)', sma_50: 'SMA (50)' };

const fact = (key: string, value: number | string, unit: CopilotFact['unit'] = 'score', symbol = 'AAPL'): CopilotFact => ({
  key,
  label: LABELS[key] ?? key,
  value,
  unit,
  period: '2026-07-02',
  source: 'computed',
  as_of: '2026-07-02',
  symbol,
  href: `/technical/${symbol}`,
});

describe('citations', () => {
  it('refs 3, 1, 3, 2 become footnotes 1, 2, 1, 3: numbered by first use, each fact once', () => {
    const registry = new FactRegistry();
    const [a, b, c] = [fact('rsi_14', 61.2), fact('macd', 1.5, 'ratio'), fact('sma_50', 180.25, 'usd_per_share')].map((f) => registry.register(f));
    expect([a, b, c]).toEqual([1, 2, 3]);
    // The same fact from a second tool call keeps its ref.
    expect(registry.register(fact('rsi_14', 61.2))).toBe(1);
    const n = new CitationNumberer(registry);
    expect(n.renumber('SMA 50 [3], RSI [1], again [3] and MACD [2, 3].')).toBe('SMA 50 [1], RSI [2], again [1] and MACD [3][1].');
    expect(n.facts.map((f) => f.key)).toEqual(['sma_50', 'rsi_14', 'macd']);
    expect(n.unknown).toEqual([]);
  });

  it('a ref no tool returned is dropped from the text and reported', () => {
    const registry = new FactRegistry();
    registry.register(fact('rsi_14', 61.2));
    const n = new CitationNumberer(registry);
    expect(n.renumber('RSI [1], rumour [9].')).toBe('RSI [1], rumour .');
    expect(n.unknown).toEqual([9]);
  });

  it('markers are not figures: "61.2 [1]" checks as "61.2"', () => {
    expect(stripMarkers('RSI is 61.2 [1], MACD 1.5 [2, 3].')).toBe('RSI is 61.2, MACD 1.5.');
  });
});

describe('checked text stream', () => {
  const run = (chunks: string[], facts: CopilotFact[]) => {
    const registry = new FactRegistry();
    for (const f of facts) registry.register(f);
    const numberer = new CitationNumberer(registry);
    const out: string[] = [];
    const s = new CheckedTextStream({
      facts: () => registry.facts,
      findUnbacked: findUnbackedInText,
      renumber: (t) => numberer.renumber(t),
      emit: (d) => out.push(d),
      holdIfStartsLike: 'CANNOT_ANSWER:',
    });
    for (const c of chunks) s.push(c);
    return { s, out };
  };

  it('releases each sentence once it ends and its numbers are backed; a decimal point does not end one', () => {
    const { s, out } = run(['RSI (14) is 6', '1.2 [2]. MACD', ' is 1.5 [1]. Tail'], [fact('macd', 1.5, 'ratio'), fact('rsi_14', 61.2)]);
    expect(out).toEqual(['RSI (14) is 61.2 [1]. ', 'MACD is 1.5 [2]. ']);
    s.flush();
    expect(out.at(-1)).toBe('Tail');
  });

  it('the first sentence with an unbacked number blocks it and everything after it', () => {
    const { out } = run(['RSI is 61.2 [1]. It will hit 97.3 soon. Then 61.2 again [1]. '], [fact('rsi_14', 61.2)]);
    expect(out).toEqual(['RSI is 61.2 [1]. ']);
  });

  it('holds a reply that may be the refusal sentinel until it cannot be', () => {
    expect(run(['CANNOT', '_ANSWER: not about markets. More. '], []).out).toEqual([]);
    expect(run(['CAN you believe RSI is 61.2 [1]. '], [fact('rsi_14', 61.2)]).out).toEqual(['CAN you believe RSI is 61.2 [1]. ']);
  });
});
