import { requireUser } from '../../http/openapi.ts';
import type { AppRouteHandler } from '../../http/route-handler.ts';
import { type AccountService, DELETION_GRACE_DAYS, type DeletionStatus } from './account-service.ts';
import type { AccountDeletionStatus, cancelDeletionRoute, exportAccountRoute, getDeletionRoute, requestDeletionRoute } from './account.routes.ts';

const toStatusBody = (s: DeletionStatus): AccountDeletionStatus => ({
  scheduled_for: s.scheduled?.scheduledFor ?? null,
  requested_at: s.scheduled?.requestedAt ?? null,
  grace_days: DELETION_GRACE_DAYS,
  password_required: s.passwordRequired,
});

export function createAccountHandlers(service: AccountService) {
  const exportAccount: AppRouteHandler<typeof exportAccountRoute> = async (c) => {
    const user = requireUser(c);
    const data = await service.exportData(user.id);
    c.header('Content-Disposition', `attachment; filename="stockpilot-export-${data.exported_at.slice(0, 10)}.json"`);
    c.header('Cache-Control', 'no-store');
    return c.json(data, 200);
  };

  const getDeletion: AppRouteHandler<typeof getDeletionRoute> = async (c) => {
    const user = requireUser(c);
    return c.json(toStatusBody(await service.getDeletion(user.id)), 200);
  };

  const requestDeletion: AppRouteHandler<typeof requestDeletionRoute> = async (c) => {
    const user = requireUser(c);
    const { password } = c.req.valid('json');
    return c.json(toStatusBody(await service.requestDeletion(user, c.get('sessionId'), password)), 200);
  };

  const cancelDeletion: AppRouteHandler<typeof cancelDeletionRoute> = async (c) => {
    const user = requireUser(c);
    return c.json(toStatusBody(await service.cancelDeletion(user.id)), 200);
  };

  return { exportAccount, getDeletion, requestDeletion, cancelDeletion };
}
