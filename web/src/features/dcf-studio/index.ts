export { DcfStudio } from './components/dcf-studio.tsx';
export { SavedValuations } from './components/saved-valuations.tsx';
export { useDcfSetup, type DcfSetupResponse } from './api/get-dcf-setup.ts';
export { useValuation } from './api/get-valuation.ts';
export { useSaveValuation } from './api/save-valuation.ts';
export type { ValuationResponse } from './api/list-valuations.ts';
export type { StudioState } from './use-dcf-studio.ts';
export { formatPerShare } from './format.ts';
export { useValuationAvailability } from './api/get-valuation-availability.ts';
