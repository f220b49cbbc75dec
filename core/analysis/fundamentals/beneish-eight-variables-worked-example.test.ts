import { describe, expect, it } from 'vitest';
import { computeBeneish } from './beneish.ts';
import { buildAcmeTools } from './fixtures/acme-tools.ts';

describe('Beneish M for Acme Tools FY2025 against FY2024', () => {
  const r = computeBeneish(buildAcmeTools());
  if (!r.ok) throw new Error(r.error.message);
  const v = Object.fromEntries(r.value.variables.map((x) => [x.id, x.value]));

  it('DSRI (100/1000)/(80/900) = 1.125; GMI 0.38/0.40 = 0.95; AQI (1 − 900/1200)/(1 − 800/1000) = 0.25/0.2 = 1.25; SGI 1000/900 = 1.11111', () => {
    expect(v.dsri).toBeCloseTo(1.125, 12);
    expect(v.gmi).toBeCloseTo(0.95, 12);
    expect(v.aqi).toBeCloseTo(1.25, 12);
    expect(v.sgi).toBeCloseTo(1.111111, 6);
  });

  it('DEPI [45/(45 + 470)]/[50/(50 + 500)] = 0.96117; SGAI (100/1000)/(95/900) = 0.94737; LVGI (500/1200)/(500/1000) = 0.83333; TATA (112 − 180)/1200 = −0.05667', () => {
    expect(v.depi).toBeCloseTo(0.961165, 6);
    expect(v.sgai).toBeCloseTo(0.947368, 6);
    expect(v.lvgi).toBeCloseTo(0.833333, 6);
    expect(v.tata).toBeCloseTo(-0.056667, 6);
  });

  it('M = −4.84 + 1.035 + 0.5016 + 0.505 + 0.99111 + 0.11053 − 0.16295 − 0.26514 − 0.2725 = −2.39735: below −1.78, not flagged', () => {
    expect(r.value.variables).toHaveLength(8);
    expect(r.value.m).toBeCloseTo(-2.397346, 6);
    expect(r.value.likelyManipulator).toBe(false);
  });

  it('receivables tripling on flat-ish sales lifts DSRI to 3.375 and M above −1.78: flagged', () => {
    const flagged = computeBeneish(buildAcmeTools({ fy2025: { receivables: 300 } }));
    // DSRI (300/1000)/(80/900) = 3.375; AQI unchanged (current assets stay 400): M = −2.39735 + 0.92·(3.375 − 1.125) = −0.32735.
    expect(flagged.ok && flagged.value.m).toBeCloseTo(-2.397346 + 0.92 * 2.25, 6);
    expect(flagged.ok && flagged.value.likelyManipulator).toBe(true);
  });

  it('no SG&A reported: the SGAI variable says it is missing', () => {
    const r2 = computeBeneish(buildAcmeTools({ fy2024: { sga: null } }));
    expect(r2).toMatchObject({ ok: false, error: { code: 'missing_input', input: 'sga' } });
    expect(!r2.ok && r2.error.message).toMatch(/^Beneish SGAI/);
  });
});
