import { FlaskConical } from 'lucide-react';
import { cn } from '../../../lib/cn.ts';
import { useBillingPlans } from '../api/get-plans.ts';

/** DESIGN §1: says so when the sandbox provider is active. Renders nothing with Stripe. */
export function SandboxBanner({ className }: { className?: string }) {
  const { data } = useBillingPlans();
  if (data?.provider.kind !== 'sandbox') return null;
  return (
    <p
      role="note"
      className={cn('flex items-center gap-2 rounded-lg border border-warning-muted bg-warning-soft px-3 py-2 text-sm text-warning-strong', className)}
    >
      <FlaskConical className="size-4 shrink-0" aria-hidden />
      <span>
        <strong className="font-semibold">Sandbox payments — no real charges</strong>
        <span className="hidden sm:inline"> · pay with the test card 4242 4242 4242 4242</span>
      </span>
    </p>
  );
}

/**
 * The site-wide strip under the top bar, on every page while the sandbox takes the payments (in
 * production only with PAYMENTS=sandbox, a demo): nobody should believe a plan was really paid for.
 */
export function SandboxStrip() {
  const { data } = useBillingPlans();
  if (data?.provider.kind !== 'sandbox') return null;
  return (
    <div
      role="note"
      aria-label="Sandbox payments"
      className="border-b border-warning-muted bg-warning-soft px-4 py-1.5 text-center text-xs text-warning-strong sm:text-sm"
    >
      <FlaskConical className="mr-1.5 inline size-4 align-[-3px]" aria-hidden />
      <strong className="font-semibold">Sandbox payments — no real charges</strong>
      <span className="hidden sm:inline"> · plans and tokens bought here are test purchases</span>
    </div>
  );
}

/** "Secure payment powered by …" with the active provider's name. */
export function PaymentProviderNote({ className }: { className?: string }) {
  const { data } = useBillingPlans();
  const name = data ? (data.provider.kind === 'stripe' ? 'Stripe' : 'the Stockpilot sandbox (no real charges)') : 'our payment provider';
  return <p className={cn('text-sm text-fg-subtle', className)}>Secure payment powered by {name}</p>;
}
