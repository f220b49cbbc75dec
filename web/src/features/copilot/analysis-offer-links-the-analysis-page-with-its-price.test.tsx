import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { getActionCostMt } from '../../../../core/tokens/costs.ts';
import { AnalysisOffer } from './components/analysis-offer.tsx';

describe('the offer under a summary of an analysis the user does not own', () => {
  it('JPM balance sheet: a link to /balance-sheet/JPM and the analysis price (1200 mt = 1.2 tokens)', () => {
    const offer = {
      kind: 'balance-sheet' as const,
      subtype: null,
      symbol: 'JPM',
      name: 'Balance Sheet Analysis',
      href: '/balance-sheet/JPM',
      cost_tokens: getActionCostMt('balance-sheet') / 1000,
    };
    const html = renderToStaticMarkup(createElement(MemoryRouter, null, createElement(AnalysisOffer, { offer })));
    expect(html).toContain('href="/balance-sheet/JPM"');
    expect(html).toContain('Run the full Balance Sheet Analysis of JPM');
    expect(html).toContain('1.2 tokens');
  });
});
