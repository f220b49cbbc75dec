import { describeAxeScanOfEveryRoute } from './support/axe-routes.ts';

describeAxeScanOfEveryRoute({ signedIn: true, viewport: { width: 375, height: 740 }, navigation: 'in-app' });
