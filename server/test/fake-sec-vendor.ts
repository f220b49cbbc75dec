import { existsSync, readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { findAppRoot } from '../lib/app-root.ts';

/**
 * SEC EDGAR on a local port (0): `submissions/CIK##########.json` and `api/xbrl/companyfacts/CIK##########.json`
 * answered from recorded real EDGAR JSON (server/test/fixtures/sec/README.md says what each file is). A test moves
 * EDGAR's clock with `publish(cik, version)`; `failNext` cuts the next answers mid-body, as a dropped connection does.
 */

const dir = join(findAppRoot(), 'server/test/fixtures/sec');

/** A recorded fixture, gzipped or not. */
export function readSecFixture<T = unknown>(name: string): T {
  const file = join(dir, name);
  const text = existsSync(file) ? readFileSync(file, 'utf8') : gunzipSync(readFileSync(`${file}.gz`)).toString('utf8');
  return JSON.parse(text) as T;
}

export interface FakeSecVendor {
  url: string;
  /** Every request: path, User-Agent, Date.now() on arrival. */
  requests: Array<{ path: string; userAgent: string; at: number }>;
  /**
   * Serves the recorded answers of `version` (e.g. "2026-07-31") for the CIK from now on; `companyFactsVersion` lets
   * companyfacts lag the submissions, as EDGAR's does for minutes to hours after a filing.
   */
  publish(cik: string, version: string, companyFactsVersion?: string): void;
  /** The next `times` requests whose path starts with `pathPrefix` get the first half of the body, then the connection ends. */
  failNext(pathPrefix: string, times?: number): void;
  close(): Promise<void>;
}

export async function startFakeSecVendor(): Promise<FakeSecVendor> {
  const requests: FakeSecVendor['requests'] = [];
  const published = new Map<string, { submissions: string; companyFacts: string }>();
  const failures: Array<{ prefix: string; left: number }> = [];

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    requests.push({ path, userAgent: String(req.headers['user-agent'] ?? ''), at: Date.now() });
    const m = /^\/(submissions|api\/xbrl\/companyfacts)\/CIK(\d{10})\.json$/.exec(path);
    const answers = m ? published.get(m[2]!) : undefined;
    if (!m || !answers) {
      res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"not found"}');
      return;
    }
    const body = m[1] === 'submissions' ? answers.submissions : answers.companyFacts;
    const failure = failures.find((f) => f.left > 0 && path.startsWith(f.prefix));
    res.writeHead(200, { 'content-type': 'application/json' });
    if (failure) {
      failure.left--;
      res.end(body.slice(0, Math.floor(body.length / 2)));
      return;
    }
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    requests,
    publish(cik, version, companyFactsVersion = version) {
      published.set(cik, {
        submissions: JSON.stringify(readSecFixture(`submissions-CIK${cik}-${version}.json`)),
        companyFacts: JSON.stringify(readSecFixture(`companyfacts-CIK${cik}-${companyFactsVersion}.json`)),
      });
    },
    failNext(pathPrefix, times = 1) {
      failures.push({ prefix: pathPrefix, left: times });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
