import type { BeneishScore } from '../fundamentals/beneish.ts';
import type { DividendSafety } from '../fundamentals/dividend-safety.ts';
import type { GradeCategory } from '../fundamentals/grade-metrics.ts';
import type { EngineResult } from '../result.ts';
import type { CompanyView } from '../runs/company.ts';
import type { Attribution } from './attribution-types.ts';
import { attributeGrade } from './grade-attribution.ts';
import { attributeAltman, attributeBeneish, attributeDividendSafety, attributePiotroski } from './score-attribution.ts';

/** Optional scores a tab computes beside the view's own (Piotroski, Altman, grades). */
interface CompanyExtras {
  safety?: EngineResult<DividendSafety> | null;
  beneish?: EngineResult<BeneishScore> | null;
}

/** The attributions of a company analysis, in page order: the grades it shows, dividend safety, Piotroski, Altman, Beneish — each only when computed. */
export function attributeCompany(view: CompanyView, grades: readonly GradeCategory[], extras: CompanyExtras = {}): Attribution[] {
  const out: Attribution[] = [];
  if (view.grades.ok) {
    const { sector } = view.grades.value;
    for (const c of grades) {
      const g = view.grades.value.grades[c];
      if (g.ok) out.push(attributeGrade(c, g.value, sector));
    }
  }
  // the tab's own score leads (the page opens on the first): dividend safety on the dividends tab
  if (extras.safety?.ok) out.push(attributeDividendSafety(extras.safety.value));
  if (view.piotroski.ok) out.push(attributePiotroski(view.piotroski.value));
  if (view.altman.ok) out.push(attributeAltman(view.altman.value));
  if (extras.beneish?.ok) out.push(attributeBeneish(extras.beneish.value));
  return out;
}
