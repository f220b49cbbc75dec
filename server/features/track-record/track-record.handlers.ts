import { requireUser } from '../../http/openapi.ts';
import type { AppRouteHandler } from '../../http/route-handler.ts';
import type { getAnalysisTrackRecordRoute, getTrackRecordRoute } from './track-record.routes.ts';
import type { TrackRecordService } from './track-record-service.ts';

export function createTrackRecordHandlers(service: TrackRecordService) {
  const getTrackRecord: AppRouteHandler<typeof getTrackRecordRoute> = async (c) => c.json(await service.getTrackRecord(), 200);

  const getAnalysisTrackRecord: AppRouteHandler<typeof getAnalysisTrackRecordRoute> = async (c) => {
    const user = requireUser(c);
    return c.json(await service.getAnalysisTrackRecord(user.id, c.req.valid('param').id), 200);
  };

  return { getTrackRecord, getAnalysisTrackRecord };
}
