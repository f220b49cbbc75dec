import { type SQL, sql } from 'drizzle-orm';
import type { ProviderSubscription } from '../types.ts';
import { checkSandboxCard, checkSandboxCardAttach, normalizeCardNumber } from './cards.ts';
import { switchPriceNow } from './subscriptions.ts';
import {
  commitWithEvents,
  invoiceFor,
  newEvent,
  newId,
  planPrices,
  type SandboxContext,
  type SubscriptionRow,
  toDate,
  toSubscription,
} from './sandbox-state.ts';

/** The sandbox's customer portal: switch plan (upgrade now, downgrade at the period end), cancel, resume, update the card. */

const PORTAL_TTL_MS = 3600 * 1000;

export interface SandboxPortalView {
  id: string;
  email: string;
  returnUrl: string;
  subscription: (ProviderSubscription & { planName: string; amountCents: number; cardLast4: string; scheduledPlanName: string | null }) | null;
  plans: Array<{ priceId: string; name: string; amountCents: number }>;
  /** When the view was read: the moment a switch reviewed on it is prorated to (the sandbox's clock). */
  readAt: Date;
}

export type PortalAction = { type: 'switch'; priceId: string } | { type: 'cancel' } | { type: 'resume' } | { type: 'card'; cardNumber: string };
export type PortalActionResult = { ok: true; notice: string } | { ok: false; message: string };

export async function createPortalSession(s: SandboxContext, input: { customerId: string; returnUrl: string }): Promise<{ url: string }> {
  const id = newId('bps_sandbox');
  const expiresAt = new Date(s.now().getTime() + PORTAL_TTL_MS).toISOString();
  await s.db.query(
    sql`INSERT INTO sandbox_portal_session (id, customer_id, return_url, expires_at) VALUES (${id}, ${input.customerId}, ${input.returnUrl}, ${expiresAt})`,
  );
  return { url: `${s.baseUrl}/sandbox/portal/${id}` };
}

export async function getPortal(s: SandboxContext, id: string): Promise<SandboxPortalView | null> {
  const [p] = await s.db.query<{ id: string; customer_id: string; return_url: string; expires_at: string; email: string }>(sql`
    SELECT p.id, p.customer_id, p.return_url, p.expires_at, c.email
    FROM sandbox_portal_session p JOIN sandbox_customer c ON c.id = p.customer_id WHERE p.id = ${id}`);
  if (!p || toDate(p.expires_at)! <= s.now()) return null;
  const [sub] = await s.db.query<SubscriptionRow>(sql`
    SELECT * FROM sandbox_subscription WHERE customer_id = ${p.customer_id} AND status IN ('active', 'past_due') ORDER BY created_at DESC LIMIT 1`);
  const plans = Object.entries(planPrices).map(([priceId, v]) => ({ priceId, name: v.name, amountCents: v.cents }));
  return {
    id: p.id,
    email: p.email,
    returnUrl: p.return_url,
    subscription: sub
      ? {
          ...toSubscription(sub),
          planName: planPrices[sub.price_id]?.name ?? sub.price_id,
          amountCents: planPrices[sub.price_id]?.cents ?? 0,
          cardLast4: sub.card_number.slice(-4),
          scheduledPlanName: sub.scheduled_price_id ? (planPrices[sub.scheduled_price_id]?.name ?? sub.scheduled_price_id) : null,
        }
      : null,
    plans,
    readAt: s.now(),
  };
}

export async function applyPortalAction(s: SandboxContext, id: string, action: PortalAction): Promise<PortalActionResult> {
  const portal = await getPortal(s, id);
  if (!portal) return { ok: false, message: 'This portal session has expired. Open it again from Stockpilot.' };
  const current = portal.subscription;
  if (!current) return { ok: false, message: 'There is no active subscription to change.' };
  if (action.type === 'card') return saveCardAndRetry(s, current, action.cardNumber);
  if (action.type === 'switch') {
    const next = planPrices[action.priceId];
    if (!next) return { ok: false, message: 'Unknown plan.' };
    if (action.priceId === current.priceId && !current.scheduledPriceId) return { ok: false, message: 'You are already on this plan.' };
    if (action.priceId === current.priceId || next.cents > current.amountCents) {
      // An upgrade (or keeping the plan) applies now, charged the prorated difference, and drops a scheduled downgrade.
      const switched = await commitWithEvents(s, async (tx) => {
        const done = await switchPriceNow(s, tx, current.id, action.priceId);
        return { value: done, events: done.ok ? done.events : [] };
      });
      return switched.ok ? { ok: true, notice: `Your plan is now ${next.name}.` } : { ok: false, message: switched.message };
    }
    // A downgrade waits for the period end, as the page says: the current plan is paid until then.
    await updateAndReport(s, current.id, sql`scheduled_price_id = ${action.priceId}, cancel_at_period_end = false`);
    return { ok: true, notice: `Your plan changes to ${next.name} at the end of the current period.` };
  }
  await updateAndReport(s, current.id, sql`cancel_at_period_end = ${action.type === 'cancel'}`);
  return {
    ok: true,
    notice: action.type === 'cancel' ? 'Your subscription will end at the end of the current period.' : 'Your subscription will renew.',
  };
}

/** Changes the subscription's row and writes `customer.subscription.updated` with it, in one transaction. */
async function updateAndReport(s: SandboxContext, id: string, set: SQL): Promise<void> {
  await commitWithEvents(s, async (tx) => {
    const [row] = await tx.query<SubscriptionRow>(sql`UPDATE sandbox_subscription SET ${set} WHERE id = ${id} RETURNING *`);
    return { value: undefined, events: row ? [newEvent(s, 'customer.subscription.updated', { subscription: toSubscription(row) })] : [] };
  });
}

/** The portal's "Update card": saves the card and, on a past_due subscription, charges the open invoice with it. */
async function saveCardAndRetry(s: SandboxContext, current: ProviderSubscription, cardNumber: string): Promise<PortalActionResult> {
  const attach = checkSandboxCardAttach(cardNumber);
  if (!attach.ok) return { ok: false, message: attach.message };
  const [saved] = await s.db.query<SubscriptionRow>(
    sql`UPDATE sandbox_subscription SET card_number = ${normalizeCardNumber(cardNumber)} WHERE id = ${current.id} RETURNING *`,
  );
  if (saved?.status !== 'past_due' || !saved.open_invoice_id) return { ok: true, notice: 'Your card was saved.' };
  const sub = toSubscription(saved);
  const openInvoiceId = saved.open_invoice_id;
  if (!checkSandboxCard(saved.card_number).ok) {
    await commitWithEvents(s, async () => ({
      value: undefined,
      events: [newEvent(s, 'invoice.payment_failed', { invoice: invoiceFor(sub, openInvoiceId, 'subscription_cycle') })],
    }));
    return { ok: false, message: 'Your card was saved, but the payment of the open invoice was declined.' };
  }
  // One conditional UPDATE claims the open invoice: two retries at once pay it once.
  const paid = await commitWithEvents(s, async (tx) => {
    const [row] = await tx.query<SubscriptionRow>(sql`
      UPDATE sandbox_subscription SET status = 'active', open_invoice_id = NULL
      WHERE id = ${saved.id} AND status = 'past_due' AND open_invoice_id = ${openInvoiceId} RETURNING *`);
    if (!row) return { value: null, events: [] };
    const active = toSubscription(row);
    const events = [
      newEvent(s, 'customer.subscription.updated', { subscription: active }),
      newEvent(s, 'invoice.paid', { invoice: invoiceFor(active, openInvoiceId, 'subscription_cycle') }),
    ];
    return { value: row, events };
  });
  if (!paid) return { ok: true, notice: 'Your card was saved.' };
  return { ok: true, notice: 'Your card was saved and the open invoice is paid.' };
}
