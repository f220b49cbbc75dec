import type { AppRouteHandler } from '../../http/route-handler.ts';
import type { getHealthRoute, getReadinessRoute } from './health.routes.ts';
import type { HealthService } from './health-service.ts';

export function createHealthHandlers(service: HealthService) {
  const getHealth: AppRouteHandler<typeof getHealthRoute> = async (c) => {
    const body = await service.readHealth();
    return c.json(body, body.status === 'ok' ? 200 : 503);
  };

  const getReadiness: AppRouteHandler<typeof getReadinessRoute> = async (c) => {
    const body = await service.checkReadiness();
    return c.json(body, body.ready ? 200 : 503);
  };

  return { getHealth, getReadiness };
}
