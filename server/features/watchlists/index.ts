import type { Mailer } from '../../adapters/mail/index.ts';
import type { AppContext, Feature } from '../../http/feature.ts';
import type { MarketService } from '../market/index.ts';
import type { LedgerService } from '../tokens/index.ts';
import { type PointSource, runAlertTick } from './alert-evaluation.ts';
import { createSymbolFigures } from './symbol-figures.ts';
import { createWatchlistsJobs } from './watchlists-jobs.ts';
import { createWatchlistsService } from './watchlists-service.ts';
import { createWatchlistsHandlers } from './watchlists.handlers.ts';
import * as routes from './watchlists.routes.ts';
// The account export (data rights) reads this feature's rows through its store.
export { readWatchlistsForExport } from './watchlist-store.ts';

export type { PointSource, TickReport } from './alert-evaluation.ts';

interface WatchlistsFeatureDeps {
  ledger: LedgerService;
  market: MarketService;
  /** The app's mailer (the auth feature's): alert e-mails go where verification mails go. */
  mailer: Mailer | null;
  /** Tests script the figures alerts read (a sequence of prices); the app reads market data. */
  points?: PointSource;
}

export type { WatchlistsService } from './watchlists-service.ts';

interface WatchlistsFeature extends Feature {
  /** One alert evaluation now (what the timer runs); tests call it to play a refresh. */
  runAlertTick: () => Promise<import('./alert-evaluation.ts').TickReport>;
}

/** `/api/watchlists*` and `/api/notifications*`: lists with free figures, alerts evaluated on each data refresh, the bell. */
export function createWatchlistsFeature(ctx: AppContext, deps: WatchlistsFeatureDeps): WatchlistsFeature {
  const figures = createSymbolFigures(deps.market);
  const svc = createWatchlistsService({ db: ctx.db, market: deps.market, ledger: deps.ledger, figures, now: ctx.now });
  const handlers = createWatchlistsHandlers(svc);
  const tickContext = {
    db: ctx.db,
    mailer: deps.mailer,
    points: deps.points ?? figures.getPoint,
    logger: ctx.logger,
    now: ctx.now,
    baseUrl: ctx.env.BASE_URL,
    evaluatedDays: new Map<string, string>(),
  };
  const runTick = () => runAlertTick(tickContext);
  const jobs = createWatchlistsJobs(runTick, ctx.logger, ctx.metrics);
  return {
    name: 'watchlists',
    runAlertTick: runTick,
    routes(app) {
      app.openapi(routes.getSampleRoute, handlers.getSample);
      app.openapi(routes.listWatchlistsRoute, handlers.listWatchlists);
      app.openapi(routes.createWatchlistRoute, handlers.createWatchlist);
      app.openapi(routes.renameWatchlistRoute, handlers.renameWatchlist);
      app.openapi(routes.deleteWatchlistRoute, handlers.deleteWatchlist);
      app.openapi(routes.addSymbolRoute, handlers.addSymbol);
      app.openapi(routes.removeSymbolRoute, handlers.removeSymbol);
      app.openapi(routes.createAlertRoute, handlers.createAlert);
      app.openapi(routes.deleteAlertRoute, handlers.deleteAlert);
      app.openapi(routes.listNotificationsRoute, handlers.listNotifications);
      app.openapi(routes.markNotificationsReadRoute, handlers.markNotificationsRead);
    },
    start: jobs.start,
    stop: jobs.stop,
  };
}
