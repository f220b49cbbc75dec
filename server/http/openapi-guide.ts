import { API_KEY_PREFIX, apiKeyScopes, apiKeyTiers, apiRateLimits, MAX_API_PAGE_SIZE } from '../../core/public-api/limits.ts';
import { API_KEY_SCHEME, PUBLIC_API_TAG } from '../../core/public-api/openapi-names.ts';
import { type ErrorCode, errorStatus } from '../lib/errors.ts';
import type { OpenApiDocument } from './openapi-document.ts';

const joinOr = (items: readonly string[]) => (items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} or ${items.at(-1)}`);
const code = (c: ErrorCode) => `\`${errorStatus[c]} ${c}\``;

/** Every code of the closed map (server/lib/errors.ts) with its status, grouped by status: generated, so it cannot drift. */
function describeErrorCodes(): string {
  const byStatus = new Map<number, string[]>();
  for (const [c, status] of Object.entries(errorStatus)) byStatus.set(status, [...(byStatus.get(status) ?? []), c]);
  const rows = [...byStatus.entries()].sort(([a], [b]) => a - b).map(([status, codes]) => `| ${status} | ${codes.map((c) => `\`${c}\``).join(', ')} |`);
  return ['| Status | Codes |', '| --- | --- |', ...rows].join('\n');
}

function describeRateLimits(): string {
  const rows = Object.entries(apiRateLimits).map(([scope, { limit, windowSeconds }]) => `| \`${scope}\` | ${limit} | ${windowSeconds} s |`);
  return ['| Scope | Requests | Window |', '| --- | --- | --- |', ...rows].join('\n');
}

/**
 * The document's `info.description` (Markdown): what a client needs before the first call — the key,
 * limits, idempotent analyses and every error code. Numbers come from core/public-api/limits.ts.
 */
export function describeApiForClients(): string {
  const tiers = joinOr(apiKeyTiers);
  return `Stockpilot's HTTP API. The **${PUBLIC_API_TAG}** operations (\`/api/v1/*\`) are the stable API for your own code; the other groups are the contract the web app itself uses, signed in with the session cookie.

## Authentication

Send an API key as a bearer token on every \`/api/v1\` request:

\`\`\`http
Authorization: Bearer ${API_KEY_PREFIX}…
\`\`\`

- API keys are for **${tiers}** subscribers. Create one in **Settings → API keys** (\`/settings\`); it is shown once, when created, so copy it then. We keep only a hash of it.
- Each key has scopes: ${apiKeyScopes.map((s) => `\`${s}\``).join(' and ')}. \`read\` covers market data, ratios and scores, your analyses and your token balance; \`analyses\` also lets the key run paid analyses.
- Keys go in the \`Authorization\` header only: a request with a key in the query string is refused (400), and the key is never logged.
- A missing key answers 401, and so does a malformed, unknown or revoked one, with the same message whichever it was. A key stops working at once when it is revoked, or when its owner leaves ${tiers} (403); a key without the scope an operation needs answers 403 too.

## Rate limits

Counted per key in fixed windows, shared by every server process:

${describeRateLimits()}

Every \`/api/v1\` answer carries the IETF \`RateLimit\` headers:

- \`RateLimit-Limit\`: requests allowed in the current window;
- \`RateLimit-Remaining\`: requests left in it;
- \`RateLimit-Reset\`: seconds until the window starts again.

Over the limit the answer is ${code('RATE_LIMITED')} with \`Retry-After: <seconds>\`: wait that long, then retry. List endpoints accept \`limit\` up to ${MAX_API_PAGE_SIZE}; more is ${code('VALIDATION_FAILED')}.

## Costs

Read calls are free. Running an analysis costs the same tokens as in the app, charged to the key owner's balance only when the analysis is delivered; a failed request charges nothing.

## Idempotent analyses

Send an \`Idempotency-Key\` header (any unique string, such as a UUID) when you run an analysis, and retry with the same key after a timeout or network error:

- same key and same body: the first result again, **no second charge**;
- same key and a different body: ${code('IDEMPOTENCY_KEY_REUSED')}; nothing is run or charged.

## Errors

Every error has one JSON shape: \`{"error":{"code":"…","message":"…","field":"…"}}\`. \`code\` is stable: branch on it. \`message\` is a sentence you can show people. \`field\` names the input at fault, when there is one. A failed request changes nothing and charges nothing. The complete list of codes:

${describeErrorCodes()}
`;
}

const publicApiTagDescription = `Versioned endpoints for your own code. Authenticate with an API key (\`Authorization: Bearer ${API_KEY_PREFIX}…\`, ${joinOr(apiKeyTiers)} only); see Authentication, Rate limits and Idempotent analyses above.`;
const apiKeySchemeDescription = `An API key from Settings → API keys, sent as \`Authorization: Bearer ${API_KEY_PREFIX}…\`. ${joinOr(apiKeyTiers)} only; never in the query string.`;

/** The public API's group first (what an API client reads), described however the v1 routes registered it. */
export function describePublicApiGroup(doc: OpenApiDocument) {
  const used = Object.values(doc.paths ?? {}).some((item) =>
    Object.values(item as Record<string, { tags?: string[] }>).some((op) => op.tags?.includes(PUBLIC_API_TAG)),
  );
  const listed = doc.tags?.find((t) => t.name === PUBLIC_API_TAG);
  const others = (doc.tags ?? []).filter((t) => t.name !== PUBLIC_API_TAG);
  // Listed without operations it would be an empty group in the reference.
  doc.tags = used ? [{ ...listed, name: PUBLIC_API_TAG, description: listed?.description ?? publicApiTagDescription }, ...others] : others;
  const scheme = doc.components?.securitySchemes?.[API_KEY_SCHEME] as { description?: string } | undefined;
  if (scheme) scheme.description ??= apiKeySchemeDescription;
}
