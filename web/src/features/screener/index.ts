export { ScreenerTool } from './components/screener-tool.tsx';
export { ScreenerExample } from './components/screener-example.tsx';
export { prefetchScreen, startScreenQuery } from './prefetch-screen.ts';
export { parseSharedScreen } from './screen-url.ts';
export { formatFieldValue } from './format-value.ts';
