export { apportionUnits, formatSigned } from './apportion.ts';
export { type Attribution, type AttributionUnit, type Contribution, sumsExactly, toUnits } from './attribution-types.ts';
export { attributeDcf } from './dcf-attribution.ts';
export { contributionKey, dragKey, findDrivers, liftKey, listAllContributionFacts, listContributionFacts, nameDriver, putDriverFacts } from './driver-facts.ts';
export { attributeGrade, GRADE_BASE } from './grade-attribution.ts';
export { attributeAltman, attributeBeneish, attributeDividendSafety, attributePiotroski } from './score-attribution.ts';
export { attributeTechnicalRating, RATING_DECIMALS } from './technical-rating-attribution.ts';
export { attributeCompany } from './company-attribution.ts';
