import { openBundledAnalysisData } from './server/adapters/market-data/bundled/analysis-inputs.ts';
import { buildDcf } from './core/analysis/runs/dcf.ts';
const data = openBundledAnalysisData();
for (const s of process.argv.slice(2)) {
  const r = buildDcf(await data.load(s));
  if (!r.ok) { console.log(s, r.error.message); continue; }
  const x = r.value.sections; const v = x.valuation!;
  console.log(s, v.model, 'price', x.price.toFixed(2), 'fair', x.fair_value_per_share.toFixed(2), 'model', v.model_value_per_share.toFixed(2), 'g', x.assumptions.explicit_growth.toFixed(3), x.assumptions.growth_history?.line, 'range', v.range.bear.toFixed(1), v.range.bull.toFixed(1), v.verdict);
}
