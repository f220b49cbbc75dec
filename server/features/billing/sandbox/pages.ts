import { prorateSwitch } from '../../../../core/billing/proration.ts';
import type { SandboxCheckoutView, SandboxPortalView } from '../../../adapters/payments/index.ts';

/**
 * Server-rendered pages of the sandbox's hosted checkout and customer portal. Plain HTML forms with
 * inline styles only: the app's CSP forbids inline scripts, and none are needed.
 */

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
const usd = (cents: number) => `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
const formatDate = (d: Date | null) => (d ? d.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' }) : '—');

const css = `
*{box-sizing:border-box}body{margin:0;font-family:ui-sans-serif,system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#0f172a;background:#f8fafc}
.banner{background:#fef3c7;color:#78350f;text-align:center;font-size:13px;padding:8px 12px;border-bottom:1px solid #fde68a}
.wrap{max-width:960px;margin:0 auto;padding:32px 16px;display:grid;gap:32px}
@media(min-width:768px){.wrap{grid-template-columns:1fr 1fr;padding:56px 24px}}
.brand{font-weight:700;font-size:18px;display:flex;align-items:center;gap:8px}.brand span{display:inline-block;width:24px;height:24px;border-radius:6px;background:#059669}
.muted{color:#64748b;font-size:14px}.amount{font-size:36px;font-weight:700;margin:8px 0 4px}
.line{display:flex;justify-content:space-between;gap:12px;padding:12px 0;border-bottom:1px solid #e2e8f0;font-size:14px}.line span:last-child{white-space:nowrap}.line.total{font-weight:600;border-bottom:0}
.card{background:#fff;border:1px solid #e2e8f0;border-radius:12px;padding:24px;box-shadow:0 1px 2px rgba(0,0,0,.04)}
label{display:block;font-size:13px;font-weight:500;color:#334155;margin:14px 0 6px}
input,select{width:100%;height:42px;border:1px solid #cbd5e1;border-radius:8px;padding:0 12px;font-size:15px;background:#fff;color:#0f172a}
input:focus,select:focus{outline:2px solid #a7f3d0;border-color:#059669}
input[aria-invalid=true]{border-color:#dc2626;outline-color:#fecaca}
.row{display:grid;grid-template-columns:1fr 1fr;gap:12px}
.pay{margin-top:20px;width:100%;height:46px;border:0;border-radius:8px;background:#0f172a;color:#fff;font-size:16px;font-weight:600;cursor:pointer}
.pay:hover{background:#1e293b}.pay:focus-visible,.link:focus-visible,.ghost:focus-visible{outline:3px solid #6ee7b7;outline-offset:2px}
.ghost{margin-top:10px;width:100%;height:42px;border:1px solid #cbd5e1;border-radius:8px;background:#fff;color:#334155;font-size:14px;cursor:pointer}
.error{margin-top:14px;padding:10px 12px;border-radius:8px;background:#fef2f2;border:1px solid #fecaca;color:#991b1b;font-size:14px}
.notice{margin-bottom:16px;padding:10px 12px;border-radius:8px;background:#ecfdf5;border:1px solid #a7f3d0;color:#065f46;font-size:14px}
.hint{margin-top:16px;font-size:12px;color:#64748b;line-height:1.5}.hint code{background:#f1f5f9;padding:1px 4px;border-radius:4px}
.link{color:#047857;font-size:14px;text-decoration:none}.link:hover{text-decoration:underline}
.plans{display:grid;gap:12px;margin-top:12px}.plan{display:flex;justify-content:space-between;align-items:center;gap:12px;border:1px solid #e2e8f0;border-radius:10px;padding:14px}
.plan form{margin:0}.plan .pay,.plan .ghost{margin:0;width:auto;padding:0 16px;height:38px;font-size:14px}
.badge{display:inline-block;font-size:12px;padding:2px 8px;border-radius:999px;background:#d1fae5;color:#065f46;margin-left:6px}
`;

function layout(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)}</title><style>${css}</style></head><body>
<div class="banner" role="note">Sandbox payments — no real charges</div>${body}</body></html>`;
}

export function renderCheckoutPage(s: SandboxCheckoutView, state: { error?: string; cardNumber?: string } = {}): string {
  const total = usd(s.amountTotalCents);
  const per = s.interval ? ` per ${s.interval}` : '';
  const action = `/sandbox/checkout/${encodeURIComponent(s.id)}/pay`;
  const lines =
    s.mode === 'payment'
      ? `<div class="line"><span>${escapeHtml(s.productName)} × ${s.quantity.toLocaleString('en-US')}</span><span>${total}</span></div>
         <div class="line"><span class="muted">${usd(s.unitAmountCents)} per token</span><span></span></div>`
      : `<div class="line"><span>${escapeHtml(s.productName)}</span><span>${total}${per}</span></div>
         <div class="line"><span class="muted">Billed monthly, cancel any time</span><span></span></div>`;
  if (s.status !== 'open') {
    const msg = s.status === 'complete' ? 'This checkout is already paid.' : 'This checkout session has expired.';
    const next = s.status === 'complete' ? s.successUrl : s.cancelUrl;
    return layout(
      'Checkout · Stockpilot',
      `<main class="wrap"><section class="card"><div class="brand"><span></span>Stockpilot</div>
      <p style="margin-top:16px">${msg}</p><a class="link" href="${escapeHtml(next)}">Return to Stockpilot</a></section></main>`,
    );
  }
  return layout(
    'Checkout · Stockpilot',
    `<main class="wrap">
  <section aria-labelledby="summary-title">
    <a class="link" href="${escapeHtml(s.cancelUrl)}">← Back to Stockpilot</a>
    <div class="brand" style="margin-top:20px"><span></span>Stockpilot</div>
    <h1 id="summary-title" class="muted" style="font-weight:500;margin:20px 0 0;font-size:16px">${s.mode === 'payment' ? 'Pay Stockpilot' : `Subscribe to ${escapeHtml(s.productName)}`}</h1>
    <p class="amount">${total}<span class="muted" style="font-size:15px;font-weight:400">${per}</span></p>
    <div style="margin-top:20px">${lines}<div class="line total"><span>Total due today</span><span>${total}</span></div></div>
  </section>
  <section class="card" aria-labelledby="pay-title">
    <h2 id="pay-title" style="margin:0;font-size:18px">Pay with card</h2>
    <form method="post" action="${action}" novalidate>
      <label for="email">Email</label>
      <input id="email" name="email" type="email" value="${escapeHtml(s.email)}" readonly>
      <label for="card_number">Card number</label>
      <input id="card_number" name="card_number" inputmode="numeric" autocomplete="cc-number" placeholder="1234 1234 1234 1234" value="${escapeHtml(state.cardNumber ?? '')}" required aria-describedby="card-hint${state.error ? ' card-error' : ''}"${state.error ? ' aria-invalid="true" autofocus' : ''}>
      <div class="row">
        <div><label for="exp">Expiry</label><input id="exp" name="exp" inputmode="numeric" autocomplete="cc-exp" placeholder="MM / YY" value="12 / 34"></div>
        <div><label for="cvc">CVC</label><input id="cvc" name="cvc" inputmode="numeric" autocomplete="cc-csc" placeholder="CVC" value="123"></div>
      </div>
      <label for="name">Cardholder name</label>
      <input id="name" name="name" autocomplete="cc-name" placeholder="Full name on card">
      ${state.error ? `<div id="card-error" class="error" role="alert">${escapeHtml(state.error)}</div>` : ''}
      <button class="pay" type="submit" name="action" value="pay">${s.mode === 'payment' ? `Pay ${total}` : 'Subscribe'}</button>
      <button class="ghost" type="submit" name="action" value="cancel" formnovalidate>Cancel and return to Stockpilot</button>
      <p id="card-hint" class="hint">Sandbox: <code>4242 4242 4242 4242</code> pays; <code>4000 0000 0000 0002</code> is declined. Any expiry and CVC.</p>
    </form>
  </section>
</main>`,
  );
}

const DAY_MS = 24 * 3600_000;

/**
 * The review of a plan switch before it is confirmed: the new price, and what is paid today — for an upgrade the
 * prorated difference, computed by the same `prorateSwitch` the switch charges with (the charge for the days left on
 * the new plan less the credit for those days on the old one); a downgrade waits for the period end and charges nothing today.
 */
function renderSwitchReview(p: SandboxPortalView, priceId: string, action: string): string {
  const sub = p.subscription;
  const next = p.plans.find((pl) => pl.priceId === priceId);
  if (!sub || !next || next.priceId === sub.priceId || !sub.currentPeriodStart || !sub.currentPeriodEnd) return '';
  const name = escapeHtml(next.name.replace('Stockpilot ', ''));
  const from = escapeHtml(sub.planName.replace('Stockpilot ', ''));
  const confirm = (label: string) =>
    `<form method="post" action="${action}"><input type="hidden" name="action" value="switch"><input type="hidden" name="price" value="${escapeHtml(next.priceId)}"><button class="pay" type="submit">${label}</button></form>`;
  const back = `<a class="link" href="/sandbox/portal/${encodeURIComponent(p.id)}">Back, change nothing</a>`;
  if (next.amountCents < sub.amountCents) {
    return `<section class="card" aria-labelledby="review-title" style="margin:16px 0;border-color:#059669">
      <h2 id="review-title" style="font-size:17px;margin:0 0 8px">Review: switch to ${name}</h2>
      <div class="line"><span>${name}</span><span>${usd(next.amountCents)} per month</span></div>
      <div class="line"><span>Due today</span><span>${usd(0)}</span></div>
      <p class="muted">You keep ${from} until ${formatDate(sub.currentPeriodEnd)} (already paid); from then ${name} renews at ${usd(next.amountCents)} a month.</p>
      ${confirm(`Switch to ${name} on ${formatDate(sub.currentPeriodEnd)}`)}${back}</section>`;
  }
  const q = prorateSwitch({
    oldCents: sub.amountCents,
    newCents: next.amountCents,
    periodStart: sub.currentPeriodStart,
    periodEnd: sub.currentPeriodEnd,
    at: p.readAt,
  });
  const daysLeft = Math.ceil((sub.currentPeriodEnd.getTime() - p.readAt.getTime()) / DAY_MS);
  const days = `${daysLeft} day${daysLeft === 1 ? '' : 's'}`;
  return `<section class="card" aria-labelledby="review-title" style="margin:16px 0;border-color:#059669">
      <h2 id="review-title" style="font-size:17px;margin:0 0 8px">Review: switch to ${name} now</h2>
      <div class="line"><span>${name}</span><span>${usd(next.amountCents)} per month</span></div>
      <div class="line"><span>${name} for the ${days} left of this period</span><span>${usd(q.chargeCents)}</span></div>
      <div class="line"><span>Unused ${from} for those ${days}</span><span>−${usd(q.creditCents)}</span></div>
      <div class="line total"><span>Due today (prorated)</span><span>${usd(Math.max(0, q.netCents))}</span></div>
      <p class="muted">Charged to the card ending in ${escapeHtml(sub.cardLast4)}. From ${formatDate(sub.currentPeriodEnd)}, ${name} renews at ${usd(next.amountCents)} a month.</p>
      ${confirm(`Pay ${usd(Math.max(0, q.netCents))} and switch to ${name}`)}${back}</section>`;
}

export function renderPortalPage(p: SandboxPortalView, state: { notice?: string; error?: string; review?: string } = {}): string {
  const action = `/sandbox/portal/${encodeURIComponent(p.id)}/action`;
  const sub = p.subscription;
  const current = sub
    ? `<p style="margin:8px 0 0"><strong>${escapeHtml(sub.planName)}</strong> · ${usd(sub.amountCents)} per month</p>
       <p class="muted" style="margin:4px 0 0">${sub.cancelAtPeriodEnd ? `Cancels on ${formatDate(sub.currentPeriodEnd)}` : sub.scheduledPlanName ? `Changes to ${escapeHtml(sub.scheduledPlanName)} on ${formatDate(sub.currentPeriodEnd)}` : `Renews on ${formatDate(sub.currentPeriodEnd)}`}</p>
       ${sub.status === 'past_due' ? '<div class="error" role="alert" style="margin:12px 0 0">The last renewal payment failed. Update your card to pay the open invoice.</div>' : ''}`
    : '<p class="muted">You have no active subscription.</p>';
  const plans = sub
    ? p.plans
        .map((pl) => {
          const isCurrent = pl.priceId === sub.priceId;
          const label = isCurrent ? `Keep ${escapeHtml(pl.name.replace('Stockpilot ', ''))}` : `Switch to ${escapeHtml(pl.name.replace('Stockpilot ', ''))}`;
          // Keeping the current plan (dropping a scheduled downgrade) costs nothing: it applies at once. Another plan is
          // reviewed first, with its price and what is due today.
          const button = isCurrent
            ? `<form method="post" action="${action}"><input type="hidden" name="action" value="switch"><input type="hidden" name="price" value="${escapeHtml(pl.priceId)}"><button class="pay" type="submit">${label}</button></form>`
            : `<form method="get" action="/sandbox/portal/${encodeURIComponent(p.id)}"><input type="hidden" name="review" value="${escapeHtml(pl.priceId)}"><button class="pay" type="submit">${label}</button></form>`;
          return `<div class="plan"><div><strong>${escapeHtml(pl.name)}</strong>${isCurrent ? '<span class="badge">Current plan</span>' : ''}<div class="muted">${usd(pl.amountCents)} per month</div></div>
          ${isCurrent && !sub.scheduledPriceId ? '' : button}</div>`;
        })
        .join('')
    : '';
  const cancel = sub
    ? `<form method="post" action="${action}" style="margin-top:20px"><input type="hidden" name="action" value="${sub.cancelAtPeriodEnd ? 'resume' : 'cancel'}">
       <button class="ghost" type="submit">${sub.cancelAtPeriodEnd ? 'Renew subscription' : 'Cancel subscription'}</button></form>`
    : '';
  return layout(
    'Manage subscription · Stockpilot',
    `<main class="wrap" style="grid-template-columns:1fr;max-width:640px">
  <section class="card" aria-labelledby="portal-title">
    <a class="link" href="${escapeHtml(p.returnUrl)}">← Return to Stockpilot</a>
    <div class="brand" style="margin-top:16px"><span></span>Stockpilot</div>
    <h1 id="portal-title" style="font-size:22px;margin:16px 0 4px">Manage subscription</h1>
    <p class="muted" style="margin:0 0 16px">${escapeHtml(p.email)}</p>
    ${state.notice ? `<div class="notice" role="status">${escapeHtml(state.notice)}</div>` : ''}
    ${state.error ? `<div class="error" role="alert" style="margin:0 0 16px">${escapeHtml(state.error)}</div>` : ''}
    <h2 style="font-size:15px;margin:0">Current plan</h2>${current}
    ${state.review ? renderSwitchReview(p, state.review, action) : ''}
    ${sub ? `<h2 style="font-size:15px;margin:24px 0 0">Change plan</h2><div class="plans">${plans}</div>` : ''}
    ${
      sub
        ? `<h2 style="font-size:15px;margin:24px 0 0">Payment method</h2><p class="muted" style="margin:4px 0 0">Card ending in ${escapeHtml(sub.cardLast4)}</p>
    <form method="post" action="${action}"><input type="hidden" name="action" value="card"><label for="card_number">New card number</label>
    <input id="card_number" name="card_number" inputmode="numeric" autocomplete="cc-number" placeholder="1234 1234 1234 1234" required aria-describedby="card-hint">
    <button class="pay" type="submit">Update card</button>
    <p id="card-hint" class="hint">Sandbox: <code>4242 4242 4242 4242</code> pays; <code>4000 0000 0000 0341</code> is saved but declines at the next renewal.</p></form>`
        : ''
    }
    ${cancel}
    <p class="hint">Upgrades apply now; a downgrade or cancellation takes effect at the end of the current period.</p>
  </section>
</main>`,
  );
}

export function renderSandboxNotFound(what: 'checkout' | 'portal'): string {
  return layout(
    'Not found · Stockpilot',
    `<main class="wrap" style="grid-template-columns:1fr;max-width:560px"><section class="card"><h1 style="font-size:20px;margin:0">${what === 'checkout' ? 'Checkout not found' : 'Portal session not found or expired'}</h1>
    <p class="muted">Start again from Stockpilot.</p><a class="link" href="/">Go to Stockpilot</a></section></main>`,
  );
}
