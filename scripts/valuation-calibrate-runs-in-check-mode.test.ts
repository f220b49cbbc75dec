import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { expect, it } from 'vitest';

// Issue 30: the calibration report is regenerated in CI only as a check that it runs (on a sample, writing nothing).
it('npm run valuation:calibrate -- --check values a sample of the universe and reports its median price ÷ value', () => {
  const out = execFileSync(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'valuation-calibrate.ts'), '--check'], { encoding: 'utf8' });
  const m = /valuation:calibrate --check: (\d+) valued, (\d+) refused, median price ÷ value ([\d.]+)/.exec(out);
  expect(m, out).not.toBeNull();
  expect(Number(m![1])).toBeGreaterThan(100);
  expect(Number(m![3])).toBeGreaterThan(0);
}, 120_000);
