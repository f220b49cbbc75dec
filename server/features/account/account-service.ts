import { randomUUID } from 'node:crypto';
import type { Database } from '../../adapters/db/index.ts';
import { AppError } from '../../lib/errors.ts';
import type { Logger } from '../../lib/logger.ts';
import { readAnalysesForExport } from '../analyses/index.ts';
import { readSharesForExport } from '../analysis-shares/index.ts';
import { readApiKeysForExport } from '../api-keys/index.ts';
import { deleteUserRow, insertPseudonymousUser, type Reauthentication, readAccountForExport } from '../auth/index.ts';
import { movePaymentRecordsToPseudonym, readBillingForExport } from '../billing/index.ts';
import { readCopilotForExport } from '../copilot/index.ts';
import { readProfileForExport } from '../profile/index.ts';
import { readSavedScreensForExport } from '../screener/index.ts';
import { moveTokensToPseudonym, readTokensForExport } from '../tokens/index.ts';
import { readValuationsForExport } from '../valuations/index.ts';
import { readWatchlistsForExport } from '../watchlists/index.ts';
import {
  claimDueDeletion,
  type DeletionRequest,
  deleteDeletionRequest,
  insertDeletionRequest,
  selectDeletionRequest,
  selectDueDeletions,
} from './account-store.ts';

/** The grace period between asking and the deletion: cancellable until then. */
export const DELETION_GRACE_DAYS = 7;
const DAY_MS = 86_400_000;
/** Deletions carried out per tick (each is one transaction and, with Stripe, one provider call). */
const DELETIONS_PER_TICK = 20;

interface AccountServiceDeps {
  db: Database;
  now: () => Date;
  logger: Logger;
  /** The accounts feature's check that the owner is at the keyboard (password, or a sign-in within 10 minutes). */
  reauthenticate: (input: { userId: string; email: string; sessionId: string | undefined; password?: string }) => Promise<Reauthentication>;
  /** Whether the account signs in with a password (else the recent sign-in stands in for it). */
  hasPassword: (userId: string) => Promise<boolean>;
  /** The payments feature's deletion of the user's customer at the provider (Stripe; the sandbox). */
  deleteProviderCustomers: (userId: string) => Promise<void>;
}

export interface DeletionStatus {
  scheduled: DeletionRequest | null;
  passwordRequired: boolean;
}

/**
 * Data rights (issue 35): the export of everything the app holds about a user, and the deletion of the account after
 * a grace period. Each feature reads and removes its own rows through its own store; this service only orders them.
 */
export function createAccountService(deps: AccountServiceDeps) {
  const { db, now, logger } = deps;

  /** One JSON document of the user's rows, read in one transaction (a consistent picture on PostgreSQL and PGlite). */
  const exportData = (userId: string) =>
    db.transaction(async (tx) => {
      const account = await readAccountForExport(tx, userId);
      const watch = await readWatchlistsForExport(tx, userId);
      return {
        format: 'stockpilot-export' as const,
        version: 1 as const,
        exported_at: now().toISOString(),
        user_id: userId,
        account: { user: account.user, sign_in_methods: account.signInMethods, sessions: account.sessions },
        profile: await readProfileForExport(tx, userId),
        analyses: await readAnalysesForExport(tx, userId),
        analysis_shares: await readSharesForExport(tx, userId),
        copilot_conversations: await readCopilotForExport(tx, userId),
        watchlists: watch.watchlists,
        watchlist_alerts: watch.alerts,
        notifications: watch.notifications,
        saved_screens: await readSavedScreensForExport(tx, userId),
        valuations: await readValuationsForExport(tx, userId),
        api_keys: await readApiKeysForExport(tx, userId),
        tokens: await readTokensForExport(tx, userId),
        payments: await readBillingForExport(tx, userId),
      };
    });

  const getDeletion = async (userId: string): Promise<DeletionStatus> => ({
    scheduled: await selectDeletionRequest(db, userId),
    passwordRequired: await deps.hasPassword(userId),
  });

  /** Re-authenticates, then schedules the deletion `DELETION_GRACE_DAYS` from now. A second request while one is scheduled is 409 and changes nothing. */
  const requestDeletion = async (user: { id: string; email: string }, sessionId: string | undefined, password: string | undefined): Promise<DeletionStatus> => {
    const by = await deps.reauthenticate({ userId: user.id, email: user.email, sessionId, password });
    const at = now();
    const created = await insertDeletionRequest(db, {
      userId: user.id,
      requestedAt: at.toISOString(),
      scheduledFor: new Date(at.getTime() + DELETION_GRACE_DAYS * DAY_MS).toISOString(),
      reauthenticatedBy: by,
    });
    if (!created) throw new AppError('CONFLICT', 'Your account is already scheduled for deletion.', { details: { reason: 'deletion_already_scheduled' } });
    logger.info({ userId: user.id, scheduledFor: created.scheduledFor }, 'account: deletion scheduled');
    return getDeletion(user.id);
  };

  const cancelDeletion = async (userId: string): Promise<DeletionStatus> => {
    if (await deleteDeletionRequest(db, userId)) logger.info({ userId }, 'account: deletion cancelled');
    return getDeletion(userId);
  };

  /**
   * Carries out one due deletion: the customer at the payment provider first (outside any transaction: a provider
   * call never holds PGlite's one connection; retried on the next tick when it fails, and a retry of a customer already
   * gone succeeds), then one transaction that keeps the ledger and payment records under a new pseudonymous id and
   * deletes the user row, which takes every personal row with it (ON DELETE CASCADE) and revokes the sessions.
   * Returns the pseudonymous id, or null when the request was cancelled or taken by another process meanwhile.
   */
  const carryOutDeletion = async (userId: string): Promise<string | null> => {
    await deps.deleteProviderCustomers(userId);
    const at = now();
    return db.transaction(async (tx) => {
      if (!(await claimDueDeletion(tx, userId, at))) return null;
      const pseudonymId = `deleted_${randomUUID().replaceAll('-', '')}`;
      await insertPseudonymousUser(tx, pseudonymId, at);
      await moveTokensToPseudonym(tx, userId, pseudonymId);
      await movePaymentRecordsToPseudonym(tx, userId, pseudonymId);
      await deleteUserRow(tx, userId);
      return pseudonymId;
    });
  };

  /** The job's tick: every deletion whose grace period has ended. One failure is logged and retried next tick; the others go on. */
  const runDueDeletions = async (): Promise<{ deleted: number; failed: number }> => {
    let deleted = 0;
    let failed = 0;
    for (const userId of await selectDueDeletions(db, now(), DELETIONS_PER_TICK)) {
      try {
        if (await carryOutDeletion(userId)) deleted += 1;
      } catch (err) {
        failed += 1;
        logger.error({ err, userId }, 'account: a scheduled deletion failed; it is retried on the next tick');
      }
    }
    return { deleted, failed };
  };

  return { exportData, getDeletion, requestDeletion, cancelDeletion, runDueDeletions };
}

export type AccountService = ReturnType<typeof createAccountService>;
export type AccountExport = Awaited<ReturnType<AccountService['exportData']>>;
