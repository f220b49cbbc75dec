import { describeAxeScanOfEveryRoute } from './support/axe-routes.ts';

describeAxeScanOfEveryRoute({ signedIn: true, viewport: { width: 1280, height: 900 }, navigation: 'document', darkToo: true });
