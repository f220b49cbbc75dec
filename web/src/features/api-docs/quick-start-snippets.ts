import { API_KEY_PREFIX } from '../../../../core/public-api/limits.ts';

/** The placeholder the snippets show where the caller's key goes. */
export const KEY_PLACEHOLDER = `${API_KEY_PREFIX}…`;
/** A read call every key may make (scope `read`, free). */
const QUICK_START_PATH = '/api/v1/quotes/AAPL';

/** The quick-start calls against this deployment's own origin: curl, and TypeScript with fetch. */
export function buildQuickStartSnippets(origin: string) {
  const url = `${origin}${QUICK_START_PATH}`;
  const curl = `curl ${url} \\
  -H "Authorization: Bearer ${KEY_PLACEHOLDER}"`;
  const typescript = `const apiKey = '${KEY_PLACEHOLDER}'; // Settings → API keys; keep it out of source control

const res = await fetch('${url}', {
  headers: { Authorization: \`Bearer \${apiKey}\` },
});
if (!res.ok) {
  // Every error: { error: { code, message, field? } }; on 429 wait Retry-After seconds.
  const { error } = await res.json();
  throw new Error(\`\${res.status} \${error.code}: \${error.message}\`);
}
console.log(await res.json(), 'requests left in this window:', res.headers.get('RateLimit-Remaining'));`;
  return { curl, typescript };
}
