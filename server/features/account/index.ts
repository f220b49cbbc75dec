import type { AppContext, Feature } from '../../http/feature.ts';
import type { Reauthentication } from '../auth/index.ts';
import { createAccountJobs } from './account-jobs.ts';
import { createAccountService } from './account-service.ts';
import { createAccountHandlers } from './account.handlers.ts';
import * as routes from './account.routes.ts';

export type { AccountService } from './account-service.ts';

interface AccountFeatureDeps {
  /** The accounts feature: the owner proves it is them again (password, or a sign-in within 10 minutes). */
  auth: {
    reauthenticate: (input: { userId: string; email: string; sessionId: string | undefined; password?: string }) => Promise<Reauthentication>;
    hasPassword: (userId: string) => Promise<boolean>;
  };
  /** The payments feature: deletes the user's customer at the provider. */
  deleteProviderCustomers: (userId: string) => Promise<void>;
}

export interface AccountFeature extends Feature {
  /** One tick of the deletion job now (what the timer runs); tests call it after moving the clock. */
  runDueDeletions: () => Promise<{ deleted: number; failed: number }>;
}

/** Data rights: `/api/account/export` and `/api/account/deletion` (scheduled, cancellable, carried out by the job). */
export function createAccountFeature(ctx: AppContext, deps: AccountFeatureDeps): AccountFeature {
  const service = createAccountService({
    db: ctx.db,
    now: ctx.now,
    logger: ctx.logger,
    reauthenticate: deps.auth.reauthenticate,
    hasPassword: deps.auth.hasPassword,
    deleteProviderCustomers: deps.deleteProviderCustomers,
  });
  const handlers = createAccountHandlers(service);
  const jobs = createAccountJobs(service.runDueDeletions, ctx.logger, ctx.metrics);
  return {
    name: 'account',
    runDueDeletions: service.runDueDeletions,
    routes(app) {
      app.openapi(routes.exportAccountRoute, handlers.exportAccount);
      app.openapi(routes.getDeletionRoute, handlers.getDeletion);
      app.openapi(routes.requestDeletionRoute, handlers.requestDeletion);
      app.openapi(routes.cancelDeletionRoute, handlers.cancelDeletion);
    },
    start: jobs.start,
    stop: jobs.stop,
  };
}
