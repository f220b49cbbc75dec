import { CheckCircle2 } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Alert } from '../../components/ui/alert.tsx';
import { Button, ButtonLink } from '../../components/ui/button.tsx';
import { Field } from '../../components/ui/input.tsx';
import { authApi, useAuth } from '../../features/auth/index.ts';
import { AuthCard, describePasswordLength, PASSWORD_MIN_CHARS, PasswordInput, preloadPasswordRules, validateNewPassword } from '../../features/auth/forms.ts';
import { ApiError } from '../../lib/api.ts';

function LinkProblem({ message }: { message: string }) {
  return (
    <AuthCard title="This link no longer works">
      <div className="space-y-4">
        <Alert tone="error">{message}</Alert>
        <ButtonLink to="/forgot-password" className="w-full">
          Request a new link
        </ButtonLink>
      </div>
    </AuthCard>
  );
}

export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const { startPasswordRecovery, refresh } = useAuth();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<{ password?: string | null; confirm?: string | null }>({});
  const [busy, setBusy] = useState(false);
  const [state, setState] = useState<'form' | 'done' | 'invalid'>('form');
  const [formError, setFormError] = useState<string | null>(null);

  useEffect(() => {
    preloadPasswordRules();
    if (token) startPasswordRecovery();
  }, [token, startPasswordRecovery]);

  if (!token || params.get('error') || state === 'invalid')
    return <LinkProblem message="The reset link is invalid, has expired (links last 1 hour) or was already used." />;

  if (state === 'done')
    return (
      <AuthCard title="Password changed">
        <div className="flex flex-col items-center gap-4 text-center">
          <CheckCircle2 className="size-12 text-brand-fg" aria-hidden />
          <p className="text-fg-secondary">Your new password is set. For your safety we signed you out on every device; sign in with the new password.</p>
          <ButtonLink to="/login" className="w-full">
            Sign in
          </ButtonLink>
        </div>
      </AuthCard>
    );

  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    setFormError(null);
    const next = { password: await validateNewPassword(password), confirm: confirm !== password ? 'The two passwords are not the same.' : null };
    setErrors(next);
    if (next.password || next.confirm) return;
    setBusy(true);
    try {
      await authApi.resetPassword(token, password);
      // The reset revoked every session, this tab's included.
      await refresh();
      setState('done');
    } catch (err) {
      if (err instanceof ApiError && err.code === 'INVALID_TOKEN') setState('invalid');
      else if (err instanceof ApiError && err.code === 'WEAK_PASSWORD') setErrors({ password: err.message });
      else setFormError(err instanceof Error ? err.message : 'The password could not be changed. Try again.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthCard
      title="Choose a new password"
      subtitle="Pick something you do not use anywhere else."
      footer={
        <Link to="/login" className="font-medium text-brand-fg hover:underline">
          Back to sign in
        </Link>
      }
    >
      <form noValidate onSubmit={onSubmit} className="space-y-4" aria-label="Set a new password">
        {formError && <Alert tone="error">{formError}</Alert>}
        <Field label="New password" error={errors.password} hint={describePasswordLength(password) ?? `At least ${PASSWORD_MIN_CHARS} characters.`}>
          {(p) => (
            <PasswordInput
              {...p}
              name="password"
              autoComplete="new-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              disabled={busy}
              autoFocus
            />
          )}
        </Field>
        <Field label="Repeat the new password" error={errors.confirm}>
          {(p) => (
            <PasswordInput {...p} name="confirm" autoComplete="new-password" value={confirm} onChange={(e) => setConfirm(e.target.value)} disabled={busy} />
          )}
        </Field>
        <Button type="submit" className="w-full" loading={busy}>
          {busy ? 'Saving…' : 'Set new password'}
        </Button>
      </form>
    </AuthCard>
  );
}
