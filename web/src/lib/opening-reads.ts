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
/**
 * Set while this browser has a session (the session cookie is httpOnly, so the page cannot see it): a guarded page's
 * reads are sent ahead only then. A visitor who is not signed in sends none (they would only come back 401, logged in
 * the console); a stale hint costs one round of 401s, after which the session check clears it.
 */
const SIGNED_IN_HINT_KEY = 'stockpilot-signed-in';

interface OpeningRead {
  answer: Promise<Response>;
  sentAt: number;
}

const reads = new Map<string, OpeningRead>();
let sentCount = 0;

/** Whether this browser had a session when it last checked (localStorage; false where storage is unavailable). */
export function readSignedInHint(): boolean {
  try {
    return localStorage.getItem(SIGNED_IN_HINT_KEY) === '1';
  } catch {
    return false;
  }
}

/** Records whether the session check found a user (the auth context calls it on every answer). */
export function rememberSignedIn(signedIn: boolean): void {
  try {
    if (signedIn) localStorage.setItem(SIGNED_IN_HINT_KEY, '1');
    else localStorage.removeItem(SIGNED_IN_HINT_KEY);
  } catch {
    // Storage refused (private mode, quota): the hint is an optimisation only.
  }
}

const send = (path: string): Promise<Response> => {
  const answer = fetch(path, { credentials: 'same-origin' });
  // A failure is seen by the query that takes it; until then it must not be reported as unhandled.
  answer.catch(() => undefined);
  reads.set(path, { answer, sentAt: performance.now() });
  sentCount++;
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
/** How many opening reads this document sent. */
export const countSentOpeningReads = () => sentCount;
