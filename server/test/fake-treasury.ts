import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { findAppRoot } from '../lib/app-root.ts';

/** A recorded Treasury answer (server/test/fixtures/treasury/par-yield-<year>.csv). */
export const readTreasuryFixture = (year: number) => readFileSync(join(findAppRoot(), `server/test/fixtures/treasury/par-yield-${year}.csv`), 'utf8');

export interface FakeTreasury {
  /** Base URL for TREASURY_BASE_URL. */
  url: string;
  /** The CSV body answered for each year (tests change them); a year not set answers 404. */
  years: Map<number, string>;
  /** The years asked for, in order. */
  requests: number[];
  close(): Promise<void>;
}

/** A local HTTP server (port 0) answering the Treasury's par-yield CSV path as home.treasury.gov does. */
export async function startFakeTreasury(): Promise<FakeTreasury> {
  const years = new Map<number, string>();
  const requests: number[] = [];
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const m = /^\/resource-center\/data-chart-center\/interest-rates\/daily-treasury-rates\.csv\/(\d{4})\/all$/.exec(url.pathname);
    const ok = m && url.searchParams.get('type') === 'daily_treasury_yield_curve' && url.searchParams.get('_format') === 'csv';
    const year = m ? Number(m[1]) : null;
    if (year !== null) requests.push(year);
    const body = ok && year !== null ? years.get(year) : undefined;
    if (body === undefined) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'text/csv' }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    years,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
