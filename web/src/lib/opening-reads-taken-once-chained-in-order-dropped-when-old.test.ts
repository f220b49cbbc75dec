import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/**
 * The reads a page sends with its code (opening-reads.ts): apiFetch takes each answer once; a chain's next path
 * leaves only after the previous one answered (the subscription check, then the token row); an answer older than
 * 10 s is not used.
 */
describe('opening reads', () => {
  let sent: string[];
  let answer: Map<string, (r: Response) => void>;
  let clock: number;

  beforeEach(() => {
    vi.resetModules();
    sent = [];
    answer = new Map();
    clock = 0;
    vi.spyOn(performance, 'now').mockImplementation(() => clock);
    vi.stubGlobal('fetch', (path: string) => {
      sent.push(path);
      return new Promise<Response>((resolve) => answer.set(path, resolve));
    });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('sends plain paths at once and a chain one after the other', async () => {
    const { startOpeningReads } = await import('./opening-reads.ts');
    startOpeningReads(['/api/watchlists', ['/api/subscription', '/api/tokens']]);
    await Promise.resolve();
    expect(sent).toEqual(['/api/watchlists', '/api/subscription']);
    answer.get('/api/subscription')!(new Response('{}'));
    await vi.waitFor(() => expect(sent).toEqual(['/api/watchlists', '/api/subscription', '/api/tokens']));
  });

  it('gives apiFetch the answer once; the second GET of the path goes to the server', async () => {
    const { startOpeningReads, countUnusedOpeningReads } = await import('./opening-reads.ts');
    const { apiFetch } = await import('./api.ts');
    startOpeningReads(['/api/watchlists']);
    answer.get('/api/watchlists')!(new Response('{"watchlists":[1]}'));
    expect(countUnusedOpeningReads()).toBe(1);
    expect(await apiFetch('/api/watchlists')).toEqual({ watchlists: [1] });
    expect(countUnusedOpeningReads()).toBe(0);
    expect(sent).toEqual(['/api/watchlists']);
    const again = apiFetch('/api/watchlists');
    await vi.waitFor(() => expect(sent).toEqual(['/api/watchlists', '/api/watchlists']));
    answer.get('/api/watchlists')!(new Response('{"watchlists":[2]}'));
    expect(await again).toEqual({ watchlists: [2] });
  });

  it('never serves a POST from an opening read', async () => {
    const { startOpeningReads, countUnusedOpeningReads } = await import('./opening-reads.ts');
    const { apiFetch } = await import('./api.ts');
    startOpeningReads(['/api/watchlists']);
    const created = apiFetch('/api/watchlists', { body: { name: 'Core' } });
    expect(sent).toEqual(['/api/watchlists', '/api/watchlists']);
    answer.get('/api/watchlists')!(new Response('{"id":"w1"}'));
    expect(await created).toEqual({ id: 'w1' });
    expect(countUnusedOpeningReads()).toBe(1);
  });

  it('drops an answer sent more than 10 s before it is asked for (10,001 ms > 10,000 ms)', async () => {
    const { startOpeningReads, takeOpeningRead } = await import('./opening-reads.ts');
    startOpeningReads(['/api/tokens']);
    clock = 10_001;
    expect(takeOpeningRead('/api/tokens')).toBeUndefined();
  });

  it('the signed-in hint: set by a session answer, cleared by a signed-out one; without storage it is false', async () => {
    const { readSignedInHint, rememberSignedIn } = await import('./opening-reads.ts');
    expect(readSignedInHint()).toBe(false);
    const store = new Map<string, string>();
    vi.stubGlobal('localStorage', {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => void store.set(k, v),
      removeItem: (k: string) => void store.delete(k),
    });
    expect(readSignedInHint()).toBe(false);
    rememberSignedIn(true);
    expect(readSignedInHint()).toBe(true);
    rememberSignedIn(false);
    expect(readSignedInHint()).toBe(false);
  });
});
