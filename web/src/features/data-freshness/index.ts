export { DataFreshnessStrip } from './components/data-freshness-strip.tsx';
