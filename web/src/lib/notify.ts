/**
 * Toasts for code in the initial bundle (app shell, auth and subscription contexts). sonner is
 * loaded on first use so it stays out of the landing page's initial JavaScript; route chunks may
 * import `toast` from 'sonner' directly.
 */
type Options = { description?: string };
type Kind = 'success' | 'error' | 'info' | 'message';

export function notify(kind: Kind, title: string, options?: Options): void {
  void import('sonner').then(({ toast }) => {
    if (kind === 'message') toast(title, options);
    else toast[kind](title, options);
  });
}
