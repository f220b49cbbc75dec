export { useScorecards } from './api/get-scorecards.ts';
export { useScorecardsExample } from './api/get-scorecards-example.ts';
export { ScorecardsView } from './components/scorecards-view.tsx';
