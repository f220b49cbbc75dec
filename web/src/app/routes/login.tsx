import { type FormEvent, useState } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Field, Input } from '../../components/ui/input.tsx';
import { authApi, safeNextPath, useAuth } from '../../features/auth/index.ts';
import { AuthCard, GoogleButton, PasswordInput, validateEmail } from '../../features/auth/forms.ts';
import { ApiError } from '../../lib/api.ts';

/** Messages for the `error` better-auth puts on /login after a failed Google sign-in. */
const oauthErrors: Record<string, string> = {
  account_not_linked:
    'An account with this e-mail already exists, and Google did not confirm the address. Sign in with your password, or ask Google to verify your e-mail first.',
  access_denied: 'Google sign-in was cancelled.',
  signup_disabled: 'New accounts cannot be created with Google right now.',
  verification_failed: 'This confirmation link has expired or was already used. Sign in with your password to get a new one.',
};

export default function LoginPage() {
  const { user, loading, signIn } = useAuth();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const next = safeNextPath(params.get('next'));
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(() => {
    const code = params.get('error');
    return code ? (oauthErrors[code] ?? 'Sign-in did not complete. Try again.') : null;
  });
  const [unverified, setUnverified] = useState<null | 'ask' | 'sending' | 'sent'>(null);
  const [justSignedIn, setJustSignedIn] = useState(false);

  const emailError = submitted ? validateEmail(email) : null;
  const passwordError = submitted && !password ? 'Enter your password.' : null;

  // Already signed in (another tab, or the back button): go where the visitor wanted to be.
  if (!loading && user && !justSignedIn) return <Navigate to={next} replace />;

  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    setSubmitted(true);
    setError(null);
    if (validateEmail(email) || !password) return;
    setBusy(true);
    try {
      setJustSignedIn(true);
      await signIn(email.trim(), password);
      navigate(next, { replace: true });
    } catch (err) {
      setJustSignedIn(false);
      setBusy(false);
      if (err instanceof ApiError && err.code === 'EMAIL_NOT_VERIFIED') {
        setUnverified('ask');
        return;
      }
      if (err instanceof ApiError && err.code === 'INVALID_EMAIL_OR_PASSWORD') setError('The e-mail or password is not right. Check both and try again.');
      else setError(err instanceof Error ? err.message : 'Sign-in failed. Try again.');
    }
  };

  const resend = async () => {
    setUnverified('sending');
    try {
      await authApi.sendVerificationEmail(email.trim());
      setUnverified('sent');
    } catch (err) {
      setUnverified('ask');
      setError(err instanceof Error ? err.message : 'The link could not be sent. Try again.');
    }
  };

  return (
    <AuthCard
      title="Sign in"
      subtitle="Welcome back. Sign in to run analyses and see your tokens."
      footer={
        <>
          New to Stockpilot?{' '}
          <Link to={params.get('next') ? `/signup?next=${encodeURIComponent(next)}` : '/signup'} className="font-medium text-brand-fg hover:underline">
            Create an account
          </Link>
        </>
      }
    >
      <GoogleButton onError={setError} />
      <form noValidate onSubmit={onSubmit} className="space-y-4" aria-label="Sign in with e-mail">
        {error && <Alert tone="error">{error}</Alert>}
        {unverified && (
          <Alert tone={unverified === 'sent' ? 'success' : 'warning'} title={unverified === 'sent' ? 'New link sent' : 'Confirm your e-mail first'}>
            {unverified === 'sent' ? (
              <p>We sent a new confirmation link to {email.trim()}. It signs you in.</p>
            ) : (
              <div className="space-y-2">
                <p>This account has not been confirmed yet. Open the link we e-mailed you, or get a new one.</p>
                <Button size="sm" variant="outline" onClick={resend} loading={unverified === 'sending'}>
                  Send a new link
                </Button>
              </div>
            )}
          </Alert>
        )}
        <Field label="E-mail" error={emailError}>
          {(p) => (
            <Input
              {...p}
              name="email"
              type="email"
              autoComplete="email"
              inputMode="email"
              value={email}
              onChange={(e) => {
                setEmail(e.target.value);
                setUnverified(null);
              }}
              disabled={busy}
              autoFocus
            />
          )}
        </Field>
        <Field label="Password" error={passwordError}>
          {(p) => (
            <PasswordInput
              {...p}
              name="password"
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              disabled={busy}
            />
          )}
        </Field>
        <div className="flex justify-end">
          <Link to="/forgot-password" className="text-sm font-medium text-brand-fg hover:underline">
            Forgot password?
          </Link>
        </div>
        <Button type="submit" className="w-full" loading={busy}>
          {busy ? 'Signing in…' : 'Sign in'}
        </Button>
      </form>
    </AuthCard>
  );
}
