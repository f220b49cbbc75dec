import { sql } from 'drizzle-orm';
import type { Queryable } from '../../adapters/db/index.ts';
import { convertMtToTokens, convertTokensToMt, isTier, tierChoices, tiers } from '../../../core/tokens/index.ts';
import { isAppError } from '../../lib/errors.ts';
import type { LedgerService } from './ledger-types.ts';

export const adminUsage = `Usage: npm run admin -- <command> [options]

  show <user id or e-mail> [--limit N]            balance, buckets, pending holds and recent ledger entries
  grant <user> <tokens> --reason "…" [--bucket purchased|allocation]   add tokens (default bucket: purchased)
  revoke <user> <tokens> --reason "…" [--bucket purchased|allocation]  remove unreserved tokens
  set-tier <user> <${tiers.join('|')}> [--at-period-end]  set the tier now (a new period with its full allocation),
                                                   or like a customer change (upgrades prorated, downgrades at the period end)
  reconcile [<user>]                              check Σ ledger = cached balances; exit code 1 on a mismatch
  expire-holds                                    run the hold sweeper once
  run-resets                                      run the monthly reset check once

Amounts are tokens with up to 3 decimals. Every change is a ledger entry with actor operator:<name>.
Add --json for machine-readable output.`;

interface AdminIo {
  out(line: string): void;
  err(line: string): void;
}

/** Splits argv into positionals and --flags (a flag takes the next value unless it is boolean). */
function parseAdminArgs(argv: string[]): { positional: string[]; flags: Record<string, string | true> } {
  const booleans = new Set(['json', 'at-period-end', 'help']);
  const positional: string[] = [];
  const flags: Record<string, string | true> = {};
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a.startsWith('--')) {
      const [name, inline] = a.slice(2).split('=', 2) as [string, string | undefined];
      if (inline !== undefined) flags[name] = inline;
      else if (booleans.has(name) || i + 1 >= argv.length) flags[name] = true;
      else flags[name] = argv[++i]!;
    } else positional.push(a);
  }
  return { positional, flags };
}

const fmt = (mt: number) => convertMtToTokens(mt).toFixed(3);

/** Runs one operator command. Returns the process exit code (0 ok, 1 failure or mismatch, 2 usage). */
export async function runAdminCommand(argv: string[], deps: { ledger: LedgerService; db: Queryable; actor: string; io: AdminIo }): Promise<number> {
  const { ledger, db, actor, io } = deps;
  const { positional, flags } = parseAdminArgs(argv);
  const [command, ...args] = positional;
  const json = flags.json === true;
  const print = (human: string, data: unknown) => io.out(json ? JSON.stringify(data, null, 2) : human);

  const resolveUser = async (ref: string | undefined): Promise<string> => {
    if (!ref) throw new UsageError('A user id or e-mail is required.');
    const [u] = await db.query<{ id: string }>(sql`SELECT id FROM "user" WHERE id = ${ref} OR lower(email) = lower(${ref}) LIMIT 1`);
    if (!u) throw new UsageError(`No user with id or e-mail "${ref}".`);
    return u.id;
  };
  const parseTokens = (v: string | undefined): number => {
    const n = v === undefined ? Number.NaN : Number(v);
    const mt = Number.isFinite(n) && n > 0 ? convertTokensToMt(n) : null;
    if (mt === null || mt <= 0) throw new UsageError(`"${v ?? ''}" is not a positive token amount with at most 3 decimals.`);
    return mt;
  };
  const reasonFlag = (): string => {
    const r = flags.reason;
    if (typeof r !== 'string' || r.trim() === '') throw new UsageError('--reason "…" is required.');
    return r;
  };
  const bucketFlag = (): 'allocation' | 'purchased' => {
    const b = flags.bucket ?? 'purchased';
    if (b !== 'allocation' && b !== 'purchased') throw new UsageError('--bucket must be purchased or allocation.');
    return b;
  };

  try {
    switch (command) {
      case 'show': {
        const userId = await resolveUser(args[0]);
        const limit = flags.limit ? Number(flags.limit) : 20;
        const account = await ledger.getAccount(userId);
        const holds = await ledger.listHolds(userId, { status: 'pending' });
        const entries = await ledger.listEntries(userId, { limit: Number.isInteger(limit) && limit > 0 ? limit : 20 });
        const lines = [
          `User ${userId}: ${account.tier}${account.pendingTier ? ` (→ ${account.pendingTier} at period end)` : ''}`,
          `  available ${fmt(account.availableMt)} = allocation ${fmt(account.allocationMt)} + purchased ${fmt(account.purchasedMt)}` +
            ` (held: ${fmt(account.heldAllocationMt)} allocation, ${fmt(account.heldPurchasedMt)} purchased)`,
          `  period ${account.periodStart} → ${account.nextResetDate}`,
          `Pending holds (${holds.length}):`,
          ...holds.map((h) => `  ${h.id} ${fmt(h.costMt)} key=${h.idempotencyKey} expires ${h.expiresAt}`),
          `Ledger (newest first, ${entries.length}):`,
          ...entries.map(
            (e) =>
              `  #${e.id} ${e.createdAt} ${e.reason.padEnd(15)} ${fmt(e.balanceBeforeMt)} → ${fmt(e.balanceAfterMt)} by ${e.actor}` +
              `${e.meta?.note ? ` — ${String(e.meta.note)}` : ''}`,
          ),
        ];
        print(lines.join('\n'), { account, holds, entries });
        return 0;
      }
      case 'grant':
      case 'revoke': {
        const userId = await resolveUser(args[0]);
        const mt = parseTokens(args[1]);
        const entry = await ledger.adjust(userId, command === 'grant' ? mt : -mt, { bucket: bucketFlag(), reason: reasonFlag(), actor });
        print(
          `${command === 'grant' ? 'Granted' : 'Revoked'} ${fmt(mt)} tokens (${entry.reason} #${entry.id}): balance ${fmt(entry.balanceBeforeMt)} → ${fmt(entry.balanceAfterMt)}.`,
          entry,
        );
        return 0;
      }
      case 'set-tier': {
        const userId = await resolveUser(args[0]);
        const tier = args[1];
        if (!isTier(tier)) throw new UsageError(`Unknown tier "${tier ?? ''}". Use ${tierChoices}.`);
        const r = await ledger.changeTier(userId, tier, { actor, immediate: flags['at-period-end'] !== true, meta: { via: 'admin-cli' } });
        print(
          `Tier ${r.applied === 'at-period-end' ? `will change to ${tier} at ${r.account.nextResetDate}` : r.applied === 'none' ? `already ${tier}` : `set to ${tier}`}; ` +
            `balance ${fmt(r.account.availableMt)} (allocation ${r.addedMt >= 0 ? '+' : ''}${fmt(r.addedMt)}).`,
          r,
        );
        return 0;
      }
      case 'reconcile': {
        const userId = args[0] ? await resolveUser(args[0]) : undefined;
        const report = await ledger.reconcile({ userId });
        const lines = [
          `Checked ${report.checkedUsers} account(s): ${report.ok ? 'ledger and balances agree.' : `${report.mismatches.length} mismatch(es) (reported, not fixed):`}`,
          ...report.mismatches.map((m) => `  ${m.userId} ${m.column}: ledger ${fmt(m.ledgerSumMt)} vs cached ${fmt(m.cachedMt)}`),
        ];
        print(lines.join('\n'), report);
        return report.ok ? 0 : 1;
      }
      case 'expire-holds': {
        const n = await ledger.expireStaleHolds();
        print(`Expired ${n} stale hold(s).`, { expired: n });
        return 0;
      }
      case 'run-resets': {
        const n = await ledger.runMonthlyResets();
        print(`Reset ${n} account(s).`, { reset: n });
        return 0;
      }
      case undefined:
      case 'help':
        io.out(adminUsage);
        return command ? 0 : 2;
      default:
        io.err(`Unknown command "${command}".\n\n${adminUsage}`);
        return 2;
    }
  } catch (e) {
    if (e instanceof UsageError) {
      io.err(e.message);
      return 2;
    }
    if (isAppError(e)) {
      io.err(`${e.code}: ${e.message}`);
      return 1;
    }
    throw e;
  }
}

class UsageError extends Error {}
