import type { ApiReferenceConfigurationWithSource } from '@scalar/types/api-reference';
import { GROUPED_CLIENTS } from '@scalar/types/snippetz';
import { API_KEY_SCHEME } from '../../../../core/public-api/openapi-names.ts';

/** The snippet languages offered beside each operation: curl and a fetch client for TypeScript/JavaScript. */
const shownClients = { shell: 'curl', js: 'fetch' } as const;

/** Every client of Scalar's list except `shownClients`, in its `hiddenClients` record form. */
export function listHiddenClients(): Record<string, true | string[]> {
  return Object.fromEntries(
    Object.entries(GROUPED_CLIENTS).map(([target, clients]) => {
      const shown = shownClients[target as keyof typeof shownClients];
      return [target, shown ? clients.filter((c) => c !== shown) : true];
    }),
  );
}

export interface OpenApiDocumentJson {
  components?: { securitySchemes?: Record<string, unknown> };
  [key: string]: unknown;
}

/**
 * Scalar under our CSP and privacy rules: no font CDN (`withDefaultFonts`), no telemetry, no AI agent, MCP
 * or developer toolbar (they call Scalar's servers), no request proxy (so "Try it" goes from this browser
 * straight to this origin) and no auth in localStorage. The caller's key, when known, fills the bearer scheme.
 */
export function buildScalarConfiguration({ document, apiKey, origin }: { document: OpenApiDocumentJson; apiKey: string; origin: string }) {
  const hasKeyScheme = Boolean(document.components?.securitySchemes?.[API_KEY_SCHEME]);
  return {
    content: document,
    baseServerURL: origin,
    proxyUrl: undefined,
    withDefaultFonts: false,
    telemetry: false,
    showDeveloperTools: 'never',
    agent: { disabled: true },
    mcp: { disabled: true },
    hideDarkModeToggle: true,
    forceDarkModeState: 'light',
    documentDownloadType: 'none',
    persistAuth: false,
    hiddenClients: listHiddenClients(),
    defaultHttpClient: { targetKey: 'shell', clientKey: shownClients.shell },
    authentication: hasKeyScheme ? { preferredSecurityScheme: API_KEY_SCHEME, securitySchemes: { [API_KEY_SCHEME]: { token: apiKey } } } : undefined,
  } satisfies Partial<ApiReferenceConfigurationWithSource>;
}
