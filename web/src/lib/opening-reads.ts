/**
 * The reads of the page being opened, sent with the app's own code instead of after its first render.
 *
 * A cold start of a guarded page used to be a chain: the session, then the profile, then the page rendered, then its
 * queries. The queries do not need the session's answer — the cookie goes with them either way — so they leave now,
 * beside the session check, and `apiFetch` hands each one's answer to the first GET of the same path. An answer waits
 * at most `MAX_AGE_MS`; an older one is dropped and the query fetches afresh. A path listed in a chain is sent only
 * once the one before it has answered (the subscription check, then the token row: SPEC §4's order).
 *
 * Reads nobody took are counted (`countUnusedOpeningReads`): the browser tests assert the dashboard uses all of its
 * own, so a page that changes a path cannot silently lose its head start.
 */
const MAX_AGE_MS = 10_000;

interface OpeningRead {
  answer: Promise<Response>;
  sentAt: number;
}

const reads = new Map<string, OpeningRead>();

const send = (path: string): Promise<Response> => {
  const answer = fetch(path, { credentials: 'same-origin' });
  // A failure is seen by the query that takes it; until then it must not be reported as unhandled.
  answer.catch(() => undefined);
  reads.set(path, { answer, sentAt: performance.now() });
  return answer;
};

/** Sends `plan`'s reads now: a string alone, an array as a chain (each path after the previous one answered). */
export function startOpeningReads(plan: readonly (string | readonly string[])[]): void {
  for (const step of plan) {
    if (typeof step === 'string') {
      send(step);
      continue;
    }
    step.reduce<Promise<unknown>>(
      (before, path) =>
        before.then(
          () => send(path),
          () => send(path),
        ),
      Promise.resolve(),
    );
  }
}

/** The opening answer for `path` (once), or undefined when none was sent, it was taken, or it is too old. */
export function takeOpeningRead(path: string): Promise<Response> | undefined {
  const read = reads.get(path);
  if (!read) return undefined;
  reads.delete(path);
  return performance.now() - read.sentAt > MAX_AGE_MS ? undefined : read.answer;
}

/** How many opening reads are still waiting for a taker. */
export const countUnusedOpeningReads = () => reads.size;
