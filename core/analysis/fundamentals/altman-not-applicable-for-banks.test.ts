import { describe, expect, it } from 'vitest';
import { computeAltman } from './altman.ts';
import { buildAcmeTools } from './fixtures/acme-tools.ts';

describe('Altman Z is not computed for banks and insurers', () => {
  it('a bank gets not_applicable, saying why, even with full statements and a market cap', () => {
    const r = computeAltman(buildAcmeTools(), 'bank', 2000);
    expect(r).toMatchObject({ ok: false, error: { code: 'not_applicable', input: 'company_class' } });
    expect(!r.ok && r.error.message).toMatch(/not defined for banks/);
  });

  it('an insurer likewise', () => {
    const r = computeAltman(buildAcmeTools(), 'insurer', 2000);
    expect(!r.ok && r.error.message).toMatch(/not defined for insurers/);
  });
});
