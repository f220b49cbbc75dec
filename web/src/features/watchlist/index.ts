export { WatchlistTool, type SymbolPicker } from './components/watchlist-tool.tsx';
export { WatchTable } from './components/watch-table.tsx';
export { NotificationBell } from './components/notification-bell.tsx';
export { useWatchlistSample } from './api/get-watchlist-sample.ts';
export { WatchlistsSummary } from './components/watchlists-summary.tsx';
