import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'sonner';
import { ApiError } from '../../../lib/api.ts';
import { createCheckout } from './create-checkout.ts';
import { createPortalSession } from './create-customer-portal-session.ts';
import { createTokenTopup } from './create-token-topup.ts';

/**
 * Opens the provider's page in a new tab (SPEC §7). The tab is opened synchronously inside the click so
 * pop-up blockers allow it, then pointed at the URL once the server answers; closed again on failure.
 */
function openPendingTab(): { go(url: string): void; close(): void } {
  const tab = typeof window !== 'undefined' ? window.open('about:blank', '_blank') : null;
  if (tab) {
    try {
      tab.document.title = 'Opening secure checkout…';
      tab.document.body.textContent = 'Opening secure checkout…';
    } catch {}
  }
  return {
    go(url) {
      if (tab && !tab.closed) {
        tab.opener = null;
        tab.location.href = url;
      } else window.location.assign(url);
    },
    close() {
      if (tab && !tab.closed) tab.close();
    },
  };
}

const isNotConfigured = (e: unknown) => e instanceof ApiError && (e.code === 'NOT_CONFIGURED' || e.status === 501);
const isSignedOut = (e: unknown) => e instanceof ApiError && e.status === 401;
/** SPEC §8's description, unless the server refused for a reason worth saying ("… try again in 50 s."). */
const describeFailure = (e: unknown, fallback: string) => (e instanceof ApiError && e.code === 'RATE_LIMITED' ? e.message : fallback);

/** Checkout, portal and top-up starts with the SPEC §8 toasts. `busy` names the action in flight. */
export function useBillingActions() {
  const [busy, setBusy] = useState<string | null>(null);
  const queryClient = useQueryClient();

  async function run<T extends { url: string }>(
    key: string,
    call: () => Promise<T>,
    onError: (e: unknown) => void,
    onOpened: (result: T) => void,
  ): Promise<T | null> {
    if (busy) return null;
    setBusy(key);
    const tab = openPendingTab();
    try {
      const result = await call();
      tab.go(result.url);
      onOpened(result);
      void queryClient.invalidateQueries({ queryKey: ['billing', 'subscription'] });
      return result;
    } catch (e) {
      tab.close();
      onError(e);
      return null;
    } finally {
      setBusy(null);
    }
  }

  return {
    busy,
    startCheckout: (plan: 'basic' | 'pro') =>
      run(
        `checkout:${plan}`,
        () => createCheckout(plan),
        (e) => {
          if (isNotConfigured(e)) toast.error('Stripe Configuration Required', { description: (e as ApiError).message });
          else toast.error('Checkout Error', { description: describeFailure(e, 'Failed to create checkout session. Please try again.') });
        },
        (result) =>
          result.portal
            ? toast.success('Subscription Portal Opened', { description: 'You already subscribe: switch plans in the new tab.' })
            : toast.success('Checkout Started', { description: 'Complete your payment in the new tab.' }),
      ),
    openPortal: () =>
      run(
        'portal',
        () => createPortalSession(),
        (e) => {
          if (isNotConfigured(e)) toast.error('Stripe Configuration Required', { description: (e as ApiError).message });
          else toast.error('Portal Error', { description: describeFailure(e, 'Failed to open customer portal. Please try again.') });
        },
        () => toast.success('Subscription Portal Opened', { description: 'Manage your plan in the new tab.' }),
      ),
    startTopup: (tokens: number) =>
      run(
        'topup',
        () => createTokenTopup(tokens),
        (e) => {
          if (isSignedOut(e)) toast.error('Authentication Required', { description: 'Please log in to purchase tokens.' });
          else toast.error('Purchase Error', { description: e instanceof ApiError && e.message ? e.message : 'Failed to create checkout session.' });
        },
        () => toast.success('Checkout Started', { description: 'Complete your payment in the new tab.' }),
      ),
  };
}
