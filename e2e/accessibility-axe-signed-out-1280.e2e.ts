import { routeTable } from '../core/site/pages.ts';
import { describeAxeScanOfEveryRoute, samplePaths } from './support/axe-routes.ts';
import { expect, test } from './support/fixtures.ts';

test('the list of pages to scan is the router table, each route once, with sample parameters filled in', () => {
  expect(samplePaths.length).toBe(routeTable.length);
  expect(new Set(samplePaths).size).toBe(samplePaths.length);
  expect(samplePaths.filter((p) => p.includes(':'))).toEqual([]);
  expect(samplePaths).toContain('/overview/AAPL');
  expect(samplePaths).toContain('/etf/SPY');
});

describeAxeScanOfEveryRoute({ signedIn: false, viewport: { width: 1280, height: 900 }, navigation: 'in-app', darkToo: true });
