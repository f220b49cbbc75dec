import { GROUPED_CLIENTS } from '@scalar/types/snippetz';
import { describe, expect, it } from 'vitest';
import { API_KEY_SCHEME } from '../../../../core/public-api/openapi-names.ts';
import { buildScalarConfiguration, listHiddenClients } from './scalar-configuration.ts';

const origin = 'https://stockpilot.example';
const withKeyScheme = { openapi: '3.1.0', components: { securitySchemes: { [API_KEY_SCHEME]: { type: 'http', scheme: 'bearer' } } } };

describe('Scalar as /api-docs configures it', () => {
  it('hides every snippet client but curl and the JavaScript fetch client', () => {
    const hidden = listHiddenClients();
    const visible = Object.entries(GROUPED_CLIENTS).flatMap(([target, clients]) =>
      hidden[target] === true ? [] : clients.filter((c) => !(hidden[target] as string[]).includes(c)).map((c) => `${target}/${c}`),
    );
    expect(visible).toEqual(['js/fetch', 'shell/curl']);
    // Every target of Scalar's list is named, so a target added in a later Scalar stays hidden too: 22 today.
    expect(Object.keys(hidden)).toEqual(Object.keys(GROUPED_CLIENTS));
  });

  it('fills the ApiKey bearer scheme with the reader’s key and prefers it', () => {
    const config = buildScalarConfiguration({ document: withKeyScheme, apiKey: 'sp_live_abc', origin });
    expect(config.authentication).toEqual({ preferredSecurityScheme: API_KEY_SCHEME, securitySchemes: { [API_KEY_SCHEME]: { token: 'sp_live_abc' } } });
  });

  it('names no scheme the document lacks (before the v1 routes exist)', () => {
    expect(buildScalarConfiguration({ document: { openapi: '3.1.0' }, apiKey: 'sp_live_abc', origin }).authentication).toBeUndefined();
  });

  it('sends "Try it" straight to this origin, keeps auth out of localStorage and calls none of Scalar’s services', () => {
    const config = buildScalarConfiguration({ document: withKeyScheme, apiKey: '', origin });
    expect(config).toMatchObject({
      baseServerURL: origin,
      proxyUrl: undefined,
      persistAuth: false,
      withDefaultFonts: false,
      telemetry: false,
      showDeveloperTools: 'never',
      agent: { disabled: true },
      mcp: { disabled: true },
    });
  });
});
