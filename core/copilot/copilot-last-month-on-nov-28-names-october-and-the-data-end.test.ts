import { describe, expect, it } from 'vitest';
import { openBundledAnalysisData } from '../../server/adapters/market-data/bundled/analysis-inputs.ts';
import { createOfflineAsker, findUnbackedInDraft } from '../test-kit/copilot-test-kit.ts';
import { resolveCalendarPhrase } from './period-phrases.ts';

const asker = createOfflineAsker(openBundledAnalysisData());

const ask = (question: string, today?: string) => asker.ask(question, { today });

describe('calendar phrases are read against today', () => {
  it('on Saturday 2026-11-28: last month = October 2026, last quarter = Q3 2026, last week = Nov 16–22, this year = 2026 to today', () => {
    const today = '2026-11-28';
    expect(resolveCalendarPhrase('last month', today)).toEqual({ phrase: 'last month', name: 'October 2026', from: '2026-10-01', to: '2026-10-31' });
    expect(resolveCalendarPhrase('last quarter', today)).toMatchObject({ name: 'Q3 2026', from: '2026-07-01', to: '2026-09-30' });
    expect(resolveCalendarPhrase('last week', today)).toMatchObject({ from: '2026-11-16', to: '2026-11-22' });
    expect(resolveCalendarPhrase('this week', today)).toMatchObject({ from: '2026-11-23', to: '2026-11-28' });
    expect(resolveCalendarPhrase('this year', today)).toMatchObject({ name: '2026', from: '2026-01-01', to: '2026-11-28' });
    expect(resolveCalendarPhrase('this month', today)).toMatchObject({ name: 'November 2026', from: '2026-11-01' });
  });

  it('across a year end: last month on 2026-01-15 is December 2025, last quarter on 2026-02-10 is Q4 2025', () => {
    expect(resolveCalendarPhrase('last month', '2026-01-15')).toMatchObject({ name: 'December 2025', from: '2025-12-01', to: '2025-12-31' });
    expect(resolveCalendarPhrase('last quarter', '2026-02-10')).toMatchObject({ name: 'Q4 2025', from: '2025-10-01', to: '2025-12-31' });
    expect(resolveCalendarPhrase('last year', '2026-02-10')).toMatchObject({ name: '2025', from: '2025-01-01', to: '2025-12-31' });
  });
});

describe('the answer names both today’s span and the data’s last day (2026-07-02) when they differ', () => {
  it("'Why did NVDA drop last month?' on 2026-11-28: October 2026 is after the data ends; the latest month is given, news not in the data", async () => {
    const a = await ask('Why did NVDA drop last month?', '2026-11-28');
    expect(a.intent).toBe('move_reason');
    expect(a.text.split('\n')[0]).toBe('Last month (October 2026) [1] is after our data ends on 2026-07-02; here is the latest we have instead.');
    expect(a.facts[0]).toMatchObject({ key: 'asked_period', value: 'October 2026', period: '2026-10-01 to 2026-10-31', as_of: '2026-11-28' });
    expect(a.text).toContain('over 1 month');
    expect(a.text).toContain('not news');
    expect(findUnbackedInDraft(a)).toEqual([]);
  });

  it("'how did AAPL do this year' on 2026-11-28: 2026 runs past the data, year to date stops on 2026-07-02", async () => {
    const a = await ask('how did AAPL do this year', '2026-11-28');
    expect(a.text.split('\n')[0]).toBe('This year (2026) [1] runs past our data, which ends on 2026-07-02; the figures stop there.');
    expect(a.text).toContain('year to date');
    expect(findUnbackedInDraft(a)).toEqual([]);
  });

  it("'KO performance last quarter' on 2026-11-28: Q3 2026 (from 2026-07-01) runs past the data", async () => {
    const a = await ask('KO performance last quarter', '2026-11-28');
    expect(a.text.split('\n')[0]).toBe('Last quarter (Q3 2026) [1] runs past our data, which ends on 2026-07-02; the figures stop there.');
    expect(findUnbackedInDraft(a)).toEqual([]);
  });

  it('the same question on the data day, a rolling window ("over the last month"), or no clock: no sentence about it', async () => {
    for (const [q, today] of [
      ['Why did NVDA drop last month?', '2026-07-02'],
      ['How did NVDA do over the last month?', '2026-11-28'],
      ['Why did NVDA drop last month?', undefined],
    ] as const) {
      const a = await ask(q, today);
      expect(
        a.facts.some((f) => f.key === 'asked_period'),
        q,
      ).toBe(false);
      expect(a.text).not.toContain('our data ends');
    }
  });
});
