import { describe, expect, it } from 'vitest';
import { computeAltman, classifyAltmanZone } from './altman.ts';
import { buildAcmeTools } from './fixtures/acme-tools.ts';

describe('Altman Z for Acme Tools FY2025 (a manufacturer) at a 2,000 market cap', () => {
  const r = computeAltman(buildAcmeTools(), 'manufacturer', 2000);
  if (!r.ok) throw new Error(r.error.message);
  const v = Object.fromEntries(r.value.variables.map((x) => [x.id, x]));

  it('X1 (400 − 200)/1200 = 0.16667, X2 400/1200 = 0.33333, X3 150/1200 = 0.125, X4 2000/600 = 3.33333, X5 1000/1200 = 0.83333', () => {
    expect(v.x1!.value).toBeCloseTo(1 / 6, 12);
    expect(v.x2!.value).toBeCloseTo(1 / 3, 12);
    expect(v.x3!.value).toBeCloseTo(0.125, 12);
    expect(v.x4!.value).toBeCloseTo(10 / 3, 12);
    expect(v.x5!.value).toBeCloseTo(5 / 6, 12);
    expect(r.value.variables.map((x) => x.weight)).toEqual([1.2, 1.4, 3.3, 0.6, 1.0]);
  });

  it('Z = 1.2·0.16667 + 1.4·0.33333 + 3.3·0.125 + 0.6·3.33333 + 1.0·0.83333 = 0.2 + 0.46667 + 0.4125 + 2 + 0.83333 = 3.9125: safe (> 2.99)', () => {
    expect(r.value.model).toBe('z');
    expect(r.value.score).toBeCloseTo(3.9125, 12);
    expect(r.value.zone).toBe('safe');
  });

  it('without a market cap the manufacturer model cannot run: missing_input on market_cap', () => {
    expect(computeAltman(buildAcmeTools(), 'manufacturer', null)).toMatchObject({ ok: false, error: { code: 'missing_input', input: 'market_cap' } });
  });

  it('zones at the cut-offs: Z 2.99 is grey, 1.81 grey, 1.80 distress', () => {
    expect([classifyAltmanZone('z', 3), classifyAltmanZone('z', 2.99), classifyAltmanZone('z', 1.81), classifyAltmanZone('z', 1.8)]).toEqual([
      'safe',
      'grey',
      'grey',
      'distress',
    ]);
  });
});

describe('Altman Z″ for the same statements as a non-manufacturer (book equity, no sales term)', () => {
  const r = computeAltman(buildAcmeTools(), 'non_manufacturer', null);
  if (!r.ok) throw new Error(r.error.message);

  it('Z″ = 6.56·0.16667 + 3.26·0.33333 + 6.72·0.125 + 1.05·(600/600) = 1.09333 + 1.08667 + 0.84 + 1.05 = 4.07: safe (> 2.60)', () => {
    expect(r.value.model).toBe('z_double_prime');
    expect(r.value.variables).toHaveLength(4);
    expect(r.value.variables[3]!.value).toBe(1);
    expect(r.value.score).toBeCloseTo(4.07, 12);
    expect(r.value.zone).toBe('safe');
  });

  it('Z″ zones: 1.10 is grey, 1.09 distress', () => {
    expect([classifyAltmanZone('z_double_prime', 1.1), classifyAltmanZone('z_double_prime', 1.09)]).toEqual(['grey', 'distress']);
  });

  it('no current assets reported (unclassified balance sheet): missing_input on current_assets', () => {
    expect(computeAltman(buildAcmeTools({ fy2025: { current_assets: null } }), 'non_manufacturer', null)).toMatchObject({
      ok: false,
      error: { code: 'missing_input', input: 'current_assets' },
    });
  });
});
