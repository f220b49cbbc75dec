import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { listIndexablePaths } from '../../core/site/pages.ts';
import { type AnalysisOwnersTest, startAnalysisOwnersTest } from '../test/analysis-owners.ts';
import { describeOnPglite } from '../test/db.ts';
import { findAppRoot } from '../lib/app-root.ts';

// The real web/index.html shape: one <title>, one description; the server replaces both per page.
const webDir = mkdtempSync(join(tmpdir(), 'sp-heads-web-'));
writeFileSync(join(webDir, 'index.html'), readFileSync(join(findAppRoot(), 'web/index.html'), 'utf8'));
afterAll(() => rmSync(webDir, { recursive: true, force: true }));

const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];
const metaOf = (html: string, attr: string, name: string) => new RegExp(`<meta ${attr}="${name}" content="([^"]*)"`).exec(html)?.[1];

describeOnPglite('each page’s head and status as the server sends them (crawlers, link previews)', (kind) => {
  let k: AnalysisOwnersTest;
  const page = async (path: string) => {
    const res = await k.t.app.request(path);
    return { status: res.status, html: await res.text(), type: res.headers.get('content-type') };
  };
  beforeAll(async () => {
    k = await startAnalysisOwnersTest(kind, { env: { WEB_DIST_DIR: webDir, BASE_URL: 'https://stockpilot.example' } });
  });
  afterAll(async () => k?.db.close());

  it('every indexable page: its own title and description, each with its canonical URL and Open Graph and Twitter tags', async () => {
    // Every page the sitemap lists (core/site/pages.ts), not a copy of them.
    const paths = listIndexablePaths();
    expect(paths.length).toBeGreaterThanOrEqual(10);
    const heads = [];
    for (const path of paths) {
      const { status, html } = await page(path);
      expect(status, path).toBe(200);
      expect(html.match(/<title>/g), path).toHaveLength(1);
      expect(html.match(/<meta name="description"/g), path).toHaveLength(1);
      expect(html, path).toContain(`<link rel="canonical" href="https://stockpilot.example${path}" />`);
      expect(metaOf(html, 'property', 'og:url'), path).toBe(`https://stockpilot.example${path}`);
      expect(metaOf(html, 'property', 'og:title'), path).toBe(titleOf(html));
      expect(metaOf(html, 'name', 'twitter:card'), path).toBe('summary');
      expect(html, path).toContain('<div id="root"></div>');
      heads.push({ title: titleOf(html), description: metaOf(html, 'name', 'description') });
    }
    expect(new Set(heads.map((h) => h.title)).size).toBe(paths.length);
    expect(new Set(heads.map((h) => h.description)).size).toBe(paths.length);
    expect(heads[1]!.title).toBe('Pricing · Stockpilot');
  });

  it('a symbol page names the company; a signed-in page is kept out of the index', async () => {
    const { status, html } = await page('/technical/aapl');
    expect(status).toBe(200);
    expect(titleOf(html)).toBe('AAPL (Apple Inc.) technical analysis · Stockpilot');
    expect(metaOf(html, 'property', 'og:title')).toBe('AAPL (Apple Inc.) technical analysis · Stockpilot');
    expect(html).toContain('<meta name="robots" content="noindex" />');
    expect(html).not.toContain('rel="canonical"');
  });

  it('an unknown path is HTTP 404 with the not-found head, and the SPA shell still loads to render its page', async () => {
    const { status, html, type } = await page('/no/such/page');
    expect(status).toBe(404);
    expect(type).toContain('text/html');
    expect(titleOf(html)).toBe('Page not found · Stockpilot');
    expect(html).toContain('<div id="root"></div>');
    expect(html).toContain('<meta name="robots" content="noindex" />');
  });

  it('a share link: live → 200 (and opening the page counts no view); unknown or revoked → 404', async () => {
    const owner = await k.createUser('Ada Lovelace');
    const analysis = await k.runAnalysis(owner, { symbol: 'AAPL', kind: 'technical' });
    const created = await k.json(owner, 'POST', `/api/analyses/${analysis.id}/shares`, {});
    const path = new URL(created.body.url).pathname;
    expect((await page(path)).status).toBe(200);
    const listed = await k.json(owner, 'GET', '/api/shares');
    expect(listed.body.shares.find((s: { id: string }) => s.id === created.body.id).view_count).toBe(0);
    expect((await page('/s/AAAAAAAAAAAAAAAAAAAAAAAA')).status).toBe(404);
    expect((await page('/s/not-a-token')).status).toBe(404);
    await k.json(owner, 'DELETE', `/api/shares/${created.body.id}`);
    expect((await page(path)).status).toBe(404);
  });

  it('robots.txt keeps crawlers off the API, share links and dev pages and points at the sitemap; the sitemap lists every indexable page once', async () => {
    const robots = await k.t.app.request('/robots.txt');
    expect(robots.status).toBe(200);
    const text = await robots.text();
    expect(text).toContain('Disallow: /api/');
    expect(text).toContain('Disallow: /s/');
    expect(text).toContain('Sitemap: https://stockpilot.example/sitemap.xml');
    const sitemap = await k.t.app.request('/sitemap.xml');
    expect(sitemap.headers.get('content-type')).toContain('application/xml');
    const locs = [...(await sitemap.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toEqual(listIndexablePaths().map((p) => `https://stockpilot.example${p}`));
    expect(locs).toContain('https://stockpilot.example/pricing');
    expect(locs.some((l) => /\/(dashboard|login|s\/|dev\/)/.test(l!))).toBe(false);
  });
});
