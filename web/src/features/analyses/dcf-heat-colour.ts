// Pure and shared with the PDF export's heat map, so it lives in core.
export { computeUpsidePercent, type HeatStep, heatSteps, pickHeatStep } from '../../../../core/analysis/dcf/heat-colour.ts';
