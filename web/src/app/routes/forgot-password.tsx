import { MailCheck } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../components/ui/alert.tsx';
import { Button, ButtonLink } from '../../components/ui/button.tsx';
import { Field, Input } from '../../components/ui/input.tsx';
import { authApi, useAuth } from '../../features/auth/index.ts';
import { AuthCard, useAuthConfig, validateEmail } from '../../features/auth/forms.ts';

export default function ForgotPasswordPage() {
  const { user } = useAuth();
  const config = useAuthConfig();
  const [email, setEmail] = useState(user?.email ?? '');
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const emailError = submitted ? validateEmail(email) : null;

  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    setSubmitted(true);
    setError(null);
    if (validateEmail(email)) return;
    setBusy(true);
    try {
      await authApi.requestPasswordReset(email.trim());
      setSentTo(email.trim());
    } catch (err) {
      setError(err instanceof Error ? err.message : 'The request failed. Try again.');
    } finally {
      setBusy(false);
    }
  };

  if (sentTo)
    return (
      <AuthCard title="Check your e-mail">
        <div className="flex flex-col items-center gap-4 text-center">
          <span className="flex size-14 items-center justify-center rounded-full bg-brand-soft text-brand-fg">
            <MailCheck className="size-7" aria-hidden />
          </span>
          <p className="text-fg-secondary">
            If an account exists for <strong className="break-all text-fg">{sentTo}</strong>, we sent it a link to choose a new password. The link works once
            and expires in 1 hour.
          </p>
          {config?.outbox_readable && (
            <ButtonLink to="/dev/outbox" variant="secondary">
              Open the dev outbox
            </ButtonLink>
          )}
          <Link to="/login" className="text-sm font-medium text-brand-fg hover:underline">
            Back to sign in
          </Link>
        </div>
      </AuthCard>
    );

  return (
    <AuthCard
      title="Forgot your password?"
      subtitle="Enter the e-mail of your account and we will send you a link to choose a new one."
      footer={
        <Link to="/login" className="font-medium text-brand-fg hover:underline">
          Back to sign in
        </Link>
      }
    >
      <form noValidate onSubmit={onSubmit} className="space-y-4" aria-label="Request a password reset">
        {error && <Alert tone="error">{error}</Alert>}
        <Field label="E-mail" error={emailError}>
          {(p) => (
            <Input
              {...p}
              name="email"
              type="email"
              autoComplete="email"
              inputMode="email"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              disabled={busy}
              autoFocus
            />
          )}
        </Field>
        <Button type="submit" className="w-full" loading={busy}>
          {busy ? 'Sending…' : 'Send reset link'}
        </Button>
      </form>
    </AuthCard>
  );
}
