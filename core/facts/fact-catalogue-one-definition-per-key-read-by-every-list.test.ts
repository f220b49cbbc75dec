import { describe, expect, it } from 'vitest';
import { ANALYSIS_ROWS, FIGURE_ROWS } from '../compare/compare-rows.ts';
import { metrics } from '../copilot/metric-catalog.ts';
import { SCREENER_FIELDS } from '../screener/fields.ts';
import { FACT_DEFINITIONS, findFactDefinition, requireFactDefinition } from './catalogue.ts';

/*
 * The catalogue's own consistency (issue 28): one definition per key, each readable by a person, and every
 * list of figures elsewhere (screener fields, /compare rows, the copilot's metrics) names catalogue keys
 * and shows the catalogue's label, unit and direction rather than its own.
 */
describe('the fact catalogue', () => {
  it('defines each key once, with a label, a column header, a description and a unit', () => {
    const keys = FACT_DEFINITIONS.map((d) => d.key);
    expect(new Set(keys).size).toBe(keys.length);
    for (const d of FACT_DEFINITIONS) {
      expect(d.label.length, d.key).toBeGreaterThan(0);
      expect(d.short.length, d.key).toBeGreaterThan(0);
      expect(d.description, d.key).toMatch(/\.$/);
    }
  });

  it('labels are words a person reads: no snake_case or camelCase code names, no key as its own label', () => {
    for (const d of FACT_DEFINITIONS) {
      expect(d.label, d.key).not.toMatch(/[a-z]_[a-z0-9]|[a-z][A-Z]/);
      expect(d.short, d.key).not.toMatch(/[a-z]_[a-z0-9]|[a-z][A-Z]/);
      expect(d.label, d.key).not.toBe(d.key);
    }
  });

  it('the unit is written once: a label never repeats it ("%", "×", "USD")', () => {
    for (const d of FACT_DEFINITIONS) {
      if (d.unit === 'percent') expect(d.label, d.key).not.toMatch(/\(%\)|%$/);
      if (d.unit === 'times') expect(d.label, d.key).not.toMatch(/×/);
      if (d.unit === 'usd' || d.unit === 'usd_per_share') expect(d.label, d.key).not.toMatch(/\bUSD\b|\(\$\)/);
    }
  });

  it('attribution keys take their unit from the target: grade_value_top_lift is a score, fair_value_per_share_by_terminal_value dollars a share', () => {
    expect(requireFactDefinition('grade_value_top_lift').unit).toBe('score');
    expect(requireFactDefinition('fair_value_per_share_by_terminal_value').unit).toBe('usd_per_share');
    expect(findFactDefinition('no_such_fact')).toBeUndefined();
    expect(() => requireFactDefinition('no_such_fact')).toThrow(/not in the fact catalogue/);
  });

  it("screener fields, /compare rows and the copilot's metrics name catalogue keys and show its label, unit and direction", () => {
    for (const f of SCREENER_FIELDS) {
      const d = requireFactDefinition(f.id);
      expect([f.label, f.short, f.unit, f.description], f.id).toEqual([d.label, d.short, d.unit, d.description]);
    }
    for (const r of FIGURE_ROWS) expect(r.better, r.id).toBe(requireFactDefinition(r.id).direction);
    for (const r of ANALYSIS_ROWS) {
      const d = requireFactDefinition(r.key);
      expect([r.label, r.unit, r.better], r.key).toEqual([d.label, d.unit, d.direction]);
    }
    for (const m of metrics) {
      for (const k of m.keys) expect(findFactDefinition(k), `${m.id}: ${k}`).toBeDefined();
      if (!m.unranked) expect(m.better ?? null, m.id).toBe(requireFactDefinition(m.keys[0]!).direction);
    }
  });
});
