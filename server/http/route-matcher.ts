/** Compiles Hono-style paths (`/api/x/:id`, `/api/*`) to regexes, to tell 404 from 405. */
function compileRoutePath(path: string): RegExp {
  const pattern = path
    .split('/')
    .map((seg) => {
      if (seg === '*') return '.*';
      if (seg.startsWith(':')) {
        const custom = seg.match(/^:[\w]+\{(.+)\}\??$/);
        return custom ? `(?:${custom[1]})` : '[^/]+';
      }
      return seg.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('/');
  return new RegExp(`^${pattern}/?$`);
}

export function findAllowedMethods(routes: ReadonlyArray<{ method: string; path: string }>, path: string): string[] {
  const methods = new Set<string>();
  for (const r of routes) {
    if (r.method === 'ALL' || r.path === '/*' || r.path === '*') continue;
    if (compileRoutePath(r.path).test(path)) methods.add(r.method);
  }
  return [...methods];
}
