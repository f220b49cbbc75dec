import { ShieldCheck } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { computeRemainingAnalyses } from '../../../../core/tokens/units.ts';
import {
  computeTopupPriceCents,
  MAX_TOPUP_TOKENS,
  MIN_TOPUP_TOKENS,
  TOKEN_PRICE_CENTS,
  topupProblemMessages,
  validateTopupTokens,
} from '../../../../core/tokens/catalog.ts';
import { PageShell } from '../../components/layout/page-shell.tsx';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { Field, Input } from '../../components/ui/input.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { formatTokens, formatUsd } from '../../lib/format.ts';
import { useAuth } from '../../features/auth/index.ts';
import {
  PaymentProviderNote,
  SandboxBanner,
  TokenPackageGrid,
  useBillingActions,
  useTokenPackages,
  verifyTokenPurchase,
} from '../../features/billing/index.ts';
import { useSubscription } from '../../features/tokens/index.ts';

/**
 * SPEC §2/§5/§8: four packages and a custom amount (default 20; only values ≥ 20 change the selection),
 * open only to Basic/Pro with a balance below 5, and the return from checkout
 * (?success=true&session_id=… → verify; ?canceled=true).
 */
export default function Page() {
  const { user } = useAuth();
  const subscription = useSubscription();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const packages = useTokenPackages();
  const actions = useBillingActions();
  const [selected, setSelected] = useState(MIN_TOPUP_TOKENS);
  const [custom, setCustom] = useState(String(MIN_TOPUP_TOKENS));
  // Remembered after the query string is cleared: a buyer coming back from checkout is not redirected away.
  const [returnedFromCheckout] = useState(() => params.get('success') === 'true' || params.get('canceled') === 'true');
  const [fresh, setFresh] = useState(false);
  const returnHandled = useRef(false);
  const { refresh } = subscription;

  // Decide the access rule on current numbers, not on the cached ones.
  useEffect(() => {
    let live = true;
    refresh().finally(() => live && setFresh(true));
    return () => {
      live = false;
    };
  }, [refresh]);

  useEffect(() => {
    if (returnHandled.current) return;
    const success = params.get('success') === 'true';
    const canceled = params.get('canceled') === 'true';
    if (!success && !canceled) return;
    returnHandled.current = true;
    const sessionId = params.get('session_id');
    setParams({}, { replace: true });
    if (canceled) {
      toast('Payment Canceled', { description: 'Your token purchase was canceled.' });
      return;
    }
    toast.success('Payment Successful!', { description: 'Your tokens are being added to your account.' });
    if (!sessionId) {
      void refresh();
      return;
    }
    verifyTokenPurchase(sessionId)
      .then((r) => {
        if (r.success) toast.success('Tokens Added Successfully!', { description: `${r.tokens_added} tokens have been added to your account.` });
        else toast.error('Verification Error', { description: "Please contact support if tokens weren't added." });
      })
      .catch(() => toast.error('Verification Error', { description: "Please contact support if tokens weren't added." }))
      .finally(() => void refresh());
  }, [params, setParams, refresh]);

  const { subscriptionTier: tier, tokenBalance: balance, loading } = subscription;
  useEffect(() => {
    if (returnedFromCheckout || !fresh || loading) return;
    if (tier === 'Free') {
      toast.error('Upgrade Required', { description: 'Please upgrade to Basic or Pro to purchase additional tokens.' });
      navigate('/', { replace: true });
    } else if (balance >= 5) {
      toast('Sufficient Tokens', { description: 'You still have enough tokens remaining.' });
      navigate('/', { replace: true });
    }
  }, [returnedFromCheckout, fresh, loading, tier, balance, navigate]);

  if (!returnedFromCheckout && (!fresh || loading)) return <Spinner label="Loading..." />;

  const customCheck = validateTopupTokens(custom.trim() === '' ? Number.NaN : Number(custom));
  const problem = customCheck.ok
    ? null
    : customCheck.problem === 'not_integer' && Number(custom) < MIN_TOPUP_TOKENS
      ? topupProblemMessages.below_minimum
      : customCheck.message;
  const canBuy = customCheck.ok && selected >= MIN_TOPUP_TOKENS;

  const onCustomChange = (value: string) => {
    setCustom(value);
    const n = Number(value);
    if (value.trim() !== '' && validateTopupTokens(n).ok) setSelected(n);
  };

  const purchase = () => {
    if (!user) {
      toast.error('Authentication Required', { description: 'Please log in to purchase tokens.' });
      return;
    }
    if (!canBuy) {
      toast.error('Minimum Purchase', { description: problem ?? topupProblemMessages.below_minimum });
      return;
    }
    void actions.startTopup(selected);
  };

  return (
    <PageShell
      title="Top Up Your Tokens"
      lead="Buy extra analysis tokens. They never expire."
      header={{ back: { label: 'Token Pricing', to: '/token-pricing' } }}
    >
      <div className="grid gap-6 lg:grid-cols-[1fr_20rem]">
        <div className="flex flex-col gap-6">
          <Card>
            <CardContent className="flex flex-wrap items-center justify-between gap-4 pt-5">
              <div>
                <p className="text-sm text-fg-subtle">Current plan</p>
                <p className="text-lg font-semibold text-fg">{tier}</p>
              </div>
              <div className="text-right">
                <p className="text-sm text-fg-subtle">Balance</p>
                <p className="text-lg font-semibold text-fg tabular" data-testid="token-balance">
                  {formatTokens(balance)} tokens
                </p>
              </div>
            </CardContent>
          </Card>

          <section aria-labelledby="choose-title">
            <h2 id="choose-title" className="mb-4 text-lg font-semibold text-fg">
              Choose a package
            </h2>
            {packages.isPending ? (
              <Spinner label="Loading packages..." className="py-6" />
            ) : packages.isError ? (
              <Alert tone="error">Token packages could not be loaded. Enter a custom amount instead.</Alert>
            ) : (
              <TokenPackageGrid
                packages={packages.data.packages}
                selectedTokens={selected}
                onSelect={(tokens) => {
                  setSelected(tokens);
                  setCustom(String(tokens));
                }}
              />
            )}
          </section>

          <Field
            label="Custom amount (tokens)"
            error={problem}
            hint={`Whole tokens, ${MIN_TOPUP_TOKENS} to ${MAX_TOPUP_TOKENS.toLocaleString('en-US')}, at ${formatUsd(TOKEN_PRICE_CENTS)} each.`}
          >
            {(props) => (
              <Input
                {...props}
                type="number"
                inputMode="numeric"
                min={MIN_TOPUP_TOKENS}
                max={MAX_TOPUP_TOKENS}
                step={1}
                value={custom}
                onChange={(e) => onCustomChange(e.target.value)}
                onKeyDown={(e) => {
                  if (e.key === 'Enter') purchase();
                }}
                className="max-w-xs"
              />
            )}
          </Field>
        </div>

        <Card className="h-fit lg:sticky lg:top-24">
          <CardHeader>
            <CardTitle>Order summary</CardTitle>
          </CardHeader>
          <CardContent className="flex flex-col gap-3">
            <dl className="space-y-2 text-sm">
              <div className="flex justify-between gap-4">
                <dt className="text-fg-muted">Tokens</dt>
                <dd className="font-medium tabular" data-testid="selected-tokens">
                  {selected}
                </dd>
              </div>
              <div className="flex justify-between gap-4">
                <dt className="text-fg-muted">Price per token</dt>
                <dd className="tabular">{formatUsd(TOKEN_PRICE_CENTS)}</dd>
              </div>
              <div className="flex justify-between gap-4">
                <dt className="text-fg-muted">About</dt>
                <dd className="tabular">{computeRemainingAnalyses(selected)} analyses</dd>
              </div>
              <div className="flex justify-between gap-4 border-t border-border pt-2 text-base font-semibold">
                <dt>Total</dt>
                <dd className="tabular">{formatUsd(computeTopupPriceCents(selected))}</dd>
              </div>
            </dl>
            <Button variant="secondary" size="lg" className="w-full" disabled={!canBuy} loading={actions.busy === 'topup'} onClick={purchase}>
              Purchase {selected} Tokens
            </Button>
            <div className="flex items-center justify-center gap-1.5">
              <ShieldCheck className="size-4 text-fg-subtle" aria-hidden />
              <PaymentProviderNote className="text-xs" />
            </div>
            <SandboxBanner className="text-xs" />
          </CardContent>
        </Card>
      </div>
    </PageShell>
  );
}
