// The web imports fields.ts, presets.ts, query.ts and screener-types.ts directly: keep them free of the
// analysis engines (row-values.ts), which only the server needs.
export * from './distribution.ts';
export * from './fields.ts';
export * from './presets.ts';
export * from './query.ts';
export * from './row-values.ts';
export * from './screener-types.ts';
export * from './table.ts';
