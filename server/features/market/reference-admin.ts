import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { parseEtfFactsFile, parsePercentToBps } from '../../../core/market/reference-data.ts';
import { toNewYorkTime } from '../../../core/market/trading-calendar.ts';
import type { ReferenceStore } from './reference-store.ts';

export const referenceAdminUsage = `Market reference data (npm run admin -- <command>):

  set-erp <percent> --as-of YYYY-MM-DD --source "…"   the equity risk premium from that day on (e.g. 4.33 for 4.33 %)
  load-etf <file.json[.gz]> --source "…"              ETF holdings and costs in the bundled format (data/SOURCES.md)`;

export const REFERENCE_ADMIN_COMMANDS = ['set-erp', 'load-etf'] as const;

interface Io {
  out(line: string): void;
  err(line: string): void;
}

const flag = (argv: string[], name: string): string | null => {
  const i = argv.indexOf(`--${name}`);
  const v = i >= 0 ? argv[i + 1] : undefined;
  return v && !v.startsWith('--') ? v : null;
};

/**
 * The operator's side of the reference data: an ERP (the Treasury gives the risk-free rate; no public-domain source
 * gives an ERP) and ETF facts from a file, both checked before anything is stored. 0 ok, 1 refused, 2 usage.
 */
export async function runReferenceAdminCommand(argv: string[], deps: { store: ReferenceStore; now: () => Date; io: Io }): Promise<number> {
  const { store, now, io } = deps;
  const today = toNewYorkTime(now().getTime()).day;
  const [command, arg] = argv;
  const source = flag(argv, 'source');
  if (command === 'set-erp') {
    const asOf = flag(argv, 'as-of');
    const bps = arg ? parsePercentToBps(arg) : null;
    if (bps === null || !asOf || !/^\d{4}-\d{2}-\d{2}$/.test(asOf) || asOf > today || !source) {
      io.err(`set-erp needs a percent in (0, 25] with at most 2 decimals, --as-of a day no later than ${today}, and --source.\n\n${referenceAdminUsage}`);
      return 2;
    }
    await store.storeEquityRiskPremium(asOf, bps, source, now());
    io.out(`equity risk premium ${(bps / 100).toFixed(2)} % as of ${asOf} (${source}) stored`);
    return 0;
  }
  if (command === 'load-etf') {
    if (!arg || !source) {
      io.err(`load-etf needs a file and --source.\n\n${referenceAdminUsage}`);
      return 2;
    }
    let doc: unknown;
    try {
      const bytes = readFileSync(arg);
      doc = JSON.parse((arg.endsWith('.gz') ? gunzipSync(bytes) : bytes).toString('utf8'));
    } catch (e) {
      io.err(`${arg}: ${(e as Error).message}`);
      return 1;
    }
    const parsed = parseEtfFactsFile(doc, today);
    if (!parsed.ok) {
      for (const r of parsed.reasons) io.err(`refused: ${r}`);
      io.err('Nothing stored.');
      return 1;
    }
    const at = now();
    for (const f of parsed.funds) {
      if (f.holdings) await store.storeEtfHoldings({ etf: f.etf, asOf: f.holdings.asOf, source, holdings: f.holdings.list }, at);
      if (f.costs) await store.storeEtfCosts({ etf: f.etf, ...f.costs, source }, at);
      io.out(
        `${f.etf}: ${f.holdings ? `${f.holdings.list.length} holdings as of ${f.holdings.asOf}` : 'no holdings'}; ${f.costs ? `costs as of ${f.costs.asOf}` : 'no costs'}`,
      );
    }
    return 0;
  }
  io.err(referenceAdminUsage);
  return 2;
}
