import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { downloadAccountExport } from './api/download-account-export.ts';
import { DeleteAccountDialog } from './components/delete-account-dialog.tsx';

const render = (passwordRequired: boolean) =>
  renderToStaticMarkup(
    createElement(
      QueryClientProvider,
      { client: new QueryClient() },
      createElement(DeleteAccountDialog, {
        open: true,
        onClose: () => {},
        userId: 'u1',
        email: 'ada@example.test',
        status: { scheduled_for: null, requested_at: null, grace_days: 7, password_required: passwordRequired },
      }),
    ),
  );

describe('the delete-account dialog', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('an e-mail account: a labelled current-password field, titled and described dialog, the 7 days on the button', () => {
    const html = render(true);
    const id = /<label[^>]*for="([^"]+)"[^>]*>Current password<\/label>/.exec(html)?.[1];
    expect(id).toBeTruthy();
    expect(html).toMatch(
      new RegExp(`<input[^>]*id="${id}"[^>]*autoComplete="current-password"|<input[^>]*autoComplete="current-password"[^>]*id="${id}"`, 'i'),
    );
    expect(html).toContain('aria-labelledby="delete-account-title"');
    expect(html).toContain('aria-describedby="delete-account-body"');
    expect(html).toContain('Delete in 7 days');
    expect(html).toContain('Keep my account');
  });

  it('a Google account: no password field, and the recent sign-in it needs instead is said', () => {
    const html = render(false);
    expect(html).not.toContain('type="password"');
    expect(html).toContain('signed in within the last 10 minutes');
  });

  it('the download signed out says so instead of saving an error as a file', async () => {
    vi.stubGlobal(
      'fetch',
      async () =>
        new Response(JSON.stringify({ error: { code: 'UNAUTHORIZED', message: 'Sign in to continue.' } }), {
          status: 401,
          headers: { 'content-type': 'application/json' },
        }),
    );
    await expect(downloadAccountExport()).rejects.toMatchObject({ status: 401, code: 'UNAUTHORIZED' });
  });
});
