import { useCallback, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { formatScreen, parseScreen, type ScreenState } from './screen-url.ts';

/**
 * The screen read from and written to the address bar. Each committed change is a history entry, so back
 * and forward step through the screens; `replace` is for corrections that should not be one (a page past
 * the end). `edit` applies a change to the latest screen, for changes that land after a delay.
 */
export function useScreenInUrl() {
  const [params, setParams] = useSearchParams();
  const key = params.toString();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the string is the identity of the params
  const screen = useMemo(() => parseScreen(params), [key]);
  const latest = useRef(screen);
  latest.current = screen;
  const setScreen = useCallback(
    (next: ScreenState, options: { replace?: boolean } = {}) => {
      latest.current = next;
      setParams(formatScreen(next), { replace: options.replace });
    },
    [setParams],
  );
  const edit = useCallback((change: (s: ScreenState) => ScreenState) => setScreen(change(latest.current)), [setScreen]);
  return { screen, setScreen, edit };
}
