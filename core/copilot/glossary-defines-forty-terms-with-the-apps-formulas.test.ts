import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { findUnbackedInDraft } from '../test-kit/copilot-test-kit.ts';
import { glossary } from './glossary.ts';
import { metrics } from './metric-catalog.ts';
import { planOfflineAnswer } from './plan-offline-answer.ts';
import { offlineQuestionTypes } from './question-types.ts';

/*
 * The glossary: at least 40 terms, each with a plain definition, a formula, and the engine file it is
 * taken from (which must exist); every metric the parser knows points at a term; and "what is <term>"
 * answers with that term, from its name and from each of its aliases, every number in the answer backed
 * by the glossary entry it cites (the number validator the copilot runs on every answer).
 */

describe('the glossary', () => {
  it('has at least 40 terms with unique ids, each defined, with a formula and an existing engine file', () => {
    expect(glossary.length).toBeGreaterThanOrEqual(40);
    expect(new Set(glossary.map((t) => t.id)).size).toBe(glossary.length);
    for (const t of glossary) {
      expect(t.definition.length, t.id).toBeGreaterThan(30);
      expect(t.formula, t.id).toMatch(/[=÷×Σ·]|one point each/i);
      for (const file of t.source.split(', ')) {
        const path = file.includes('/') ? file : `${t.source.split(', ')[0]!.replace(/[^/]+$/, '')}${file}`;
        expect(existsSync(new URL(`../../${path}`, import.meta.url)), `${t.id}: ${path}`).toBe(true);
      }
    }
  });

  it('quotes the constants the engines use (Altman weights, RSI period, MACD lengths, CAPM defaults, Blume adjustment)', () => {
    const formula = (id: string) => glossary.find((t) => t.id === id)!.formula;
    expect(formula('altman')).toContain('1.2·X1 + 1.4·X2 + 3.3·X3 + 0.6·X4 + 1.0·X5');
    expect(formula('rsi')).toContain('14 days');
    expect(formula('macd')).toContain('EMA(12) − EMA(26)');
    expect(formula('capm')).toContain('4.58 %');
    expect(formula('beta')).toContain('0.67 × beta + 0.33');
    expect(formula('technical_rating')).toContain('Above 0.5 Strong Buy, above 0.1 Buy');
  });

  it('every metric the parser knows links to a term that exists', () => {
    const ids = new Set(glossary.map((t) => t.id));
    for (const m of metrics) if (m.term) expect(ids.has(m.term), m.id).toBe(true);
  });

  it('"what is <name or alias>" answers with that term, citing its glossary entry, every number backed by it', () => {
    const wrong: string[] = [];
    for (const t of glossary) {
      for (const phrase of [t.name.replace(/\s*\(.*\)$/, ''), ...t.aliases]) {
        const plan = planOfflineAnswer(`What is ${phrase}?`, []);
        if (plan.kind !== 'direct') wrong.push(`${phrase}: ${plan.kind}`);
        else if (!plan.draft.text.includes(t.formula)) wrong.push(`${phrase}: answered ${plan.draft.text.slice(0, 40)}`);
        else {
          expect(plan.draft.facts.map((f) => f.key)).toEqual([`glossary_${t.id}`]);
          const unbacked = findUnbackedInDraft(plan.draft);
          if (unbacked.length) wrong.push(`${phrase}: ${unbacked.join('; ')}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it('docs/copilot.md lists every kind of question with its examples, and the glossary size', () => {
    const doc = readFileSync(new URL('../../docs/copilot.md', import.meta.url), 'utf8');
    for (const t of offlineQuestionTypes) {
      expect(doc, t.title).toContain(`### ${t.title}`);
      for (const e of t.examples) expect(doc, e).toContain(`“${e}”`);
    }
    expect(doc).toContain(`holds ${glossary.length} terms`);
  });
});
