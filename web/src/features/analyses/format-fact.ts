// Pure and shared with the PDF export, so it lives in core.
export { formatFactValue } from '../../../../core/analysis/format-fact.ts';
