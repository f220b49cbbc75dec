import { describePageHead, listIndexablePaths, matchPage, SITE_NAME } from '../../core/site/pages.ts';
import type { App } from './app-env.ts';
import type { Feature, PageFacts } from './feature.ts';

const escapeHtml = (s: string) => s.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

/**
 * The head of each web page as the server sends it: crawlers and link previews read the HTML, not what the SPA
 * renders later. Title, description, canonical URL, Open Graph and Twitter tags per route (a symbol page names
 * the company), `noindex` for pages outside the index, and the status: 404 for a path no route matches and for
 * a share link that does not exist, while the SPA still loads and renders its not-found page.
 */
export function createPageRenderer(baseUrl: string, features: readonly Feature[]) {
  const origin = baseUrl.replace(/\/$/, '');
  return async (path: string, indexHtml: string, hidden = false): Promise<{ status: 200 | 404; html: string }> => {
    const match = hidden ? null : matchPage(path);
    const facts: PageFacts = {};
    if (match) for (const f of features) Object.assign(facts, (await f.describePage?.(match).catch(() => null)) ?? {});
    const missing = !match || facts.missing === true;
    const head = missing ? describePageHead('notFound') : describePageHead(match.entry.page, match.params, facts.companyName ?? null);
    const canonical = `${origin}${missing ? '/' : path}`;
    const tags = [
      `<title>${escapeHtml(head.title)}</title>`,
      `<meta name="description" content="${escapeHtml(head.description)}" />`,
      head.indexable ? `<link rel="canonical" href="${escapeHtml(canonical)}" />` : `<meta name="robots" content="${head.robots}" />`,
      `<meta property="og:site_name" content="${SITE_NAME}" />`,
      '<meta property="og:type" content="website" />',
      `<meta property="og:title" content="${escapeHtml(head.title)}" />`,
      `<meta property="og:description" content="${escapeHtml(head.description)}" />`,
      `<meta property="og:url" content="${escapeHtml(canonical)}" />`,
      `<meta property="og:image" content="${origin}/icons/icon-512.png" />`,
      '<meta name="twitter:card" content="summary" />',
      `<meta name="twitter:title" content="${escapeHtml(head.title)}" />`,
      `<meta name="twitter:description" content="${escapeHtml(head.description)}" />`,
    ].join('\n    ');
    // index.html carries one <title> and one description (web/index.html): both are replaced, the rest follows them.
    const html = indexHtml.replace(/<meta name="description"[^>]*>\s*/, '').replace(/<title>[^<]*<\/title>/, tags);
    return { status: missing ? 404 : 200, html };
  };
}

/** `robots.txt` and `sitemap.xml` of the public pages, on this deployment's BASE_URL. */
export function mountCrawlerFiles(app: App, baseUrl: string): void {
  const origin = baseUrl.replace(/\/$/, '');
  app.get('/robots.txt', (c) => {
    c.header('Cache-Control', 'public, max-age=3600');
    return c.text(['User-agent: *', 'Disallow: /api/', 'Disallow: /s/', 'Disallow: /dev/', 'Allow: /', '', `Sitemap: ${origin}/sitemap.xml`, ''].join('\n'));
  });
  app.get('/sitemap.xml', (c) => {
    const urls = listIndexablePaths().map((p) => `  <url><loc>${escapeHtml(`${origin}${p}`)}</loc></url>`);
    c.header('Content-Type', 'application/xml; charset=utf-8');
    c.header('Cache-Control', 'public, max-age=3600');
    return c.body(
      ['<?xml version="1.0" encoding="UTF-8"?>', '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">', ...urls, '</urlset>', ''].join('\n'),
    );
  });
}
