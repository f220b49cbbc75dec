export * from './units.ts';
export * from './costs.ts';
export * from './tiers.ts';
export * from './catalog.ts';
export * from './periods.ts';
