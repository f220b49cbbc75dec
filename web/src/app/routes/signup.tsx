import { MailCheck } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import { Link, Navigate } from 'react-router';
import { monthlyAllocationTokens } from '../../../../core/tokens/tiers.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { Button, ButtonLink } from '../../components/ui/button.tsx';
import { Field, Input } from '../../components/ui/input.tsx';
import { AFTER_SIGN_UP_PATH, authApi, useAuth } from '../../features/auth/index.ts';
import {
  AuthCard,
  describePasswordLength,
  GoogleButton,
  PASSWORD_MIN_CHARS,
  PasswordInput,
  preloadPasswordRules,
  useAuthConfig,
  validateEmail,
  validateName,
  validateNewPassword,
  validatePasswordLength,
} from '../../features/auth/forms.ts';
import { ApiError } from '../../lib/api.ts';

type Values = { first_name: string; last_name: string; email: string; password: string };
type Errors = Partial<Record<keyof Values, string | null>>;

function CheckYourEmail({ email }: { email: string }) {
  const config = useAuthConfig();
  const [resend, setResend] = useState<'idle' | 'sending' | 'sent' | 'failed'>('idle');
  return (
    <AuthCard title="Check your e-mail" subtitle="One more step to activate your account.">
      <div className="flex flex-col items-center gap-4 text-center">
        <span className="flex size-14 items-center justify-center rounded-full bg-brand-soft text-brand-fg">
          <MailCheck className="size-7" aria-hidden />
        </span>
        <p className="text-fg-secondary">
          We sent a confirmation link to <strong className="break-all text-fg">{email}</strong>. Open it to confirm your address; it signs you in and takes you
          to your dashboard.
        </p>
        <p className="text-sm text-fg-subtle">No mail after a minute? Check your spam folder, or send it again.</p>
        {resend === 'sent' && <Alert tone="success">A new link is on its way.</Alert>}
        {resend === 'failed' && <Alert tone="error">The link could not be sent. Wait a moment and try again.</Alert>}
        <div className="flex w-full flex-col gap-2 sm:flex-row sm:justify-center">
          <Button
            variant="outline"
            loading={resend === 'sending'}
            onClick={async () => {
              setResend('sending');
              try {
                await authApi.sendVerificationEmail(email);
                setResend('sent');
              } catch {
                setResend('failed');
              }
            }}
          >
            Send the link again
          </Button>
          {config?.outbox_readable && (
            <ButtonLink to="/dev/outbox" variant="secondary">
              Open the dev outbox
            </ButtonLink>
          )}
        </div>
        <Link to="/login" className="text-sm font-medium text-brand-fg hover:underline">
          Back to sign in
        </Link>
      </div>
    </AuthCard>
  );
}

export default function SignupPage() {
  const { user, loading } = useAuth();
  const [values, setValues] = useState<Values>({ first_name: '', last_name: '', email: '', password: '' });
  const [errors, setErrors] = useState<Errors>({});
  const [touched, setTouched] = useState<Partial<Record<keyof Values, boolean>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);

  useEffect(preloadPasswordRules, []);

  const syncErrors = (v: Values): Errors => ({
    first_name: validateName(v.first_name, 'first name'),
    last_name: validateName(v.last_name, 'last name'),
    email: validateEmail(v.email),
    password: validatePasswordLength(v.password),
  });
  const shown = (k: keyof Values) => (touched[k] ? (errors[k] ?? null) : null);
  const set = (k: keyof Values, value: string) => {
    const next = { ...values, [k]: value };
    setValues(next);
    if (touched[k]) setErrors((e) => ({ ...e, [k]: syncErrors(next)[k] }));
  };
  const blur = (k: keyof Values) => async () => {
    setTouched((t) => ({ ...t, [k]: true }));
    const err = k === 'password' && values.password ? await validateNewPassword(values.password) : syncErrors(values)[k];
    setErrors((e) => ({ ...e, [k]: err }));
  };

  if (!loading && user) return <Navigate to={AFTER_SIGN_UP_PATH} replace />;
  if (sentTo) return <CheckYourEmail email={sentTo} />;

  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = e.currentTarget;
    setFormError(null);
    const all: Errors = { ...syncErrors(values), password: await validateNewPassword(values.password) };
    setErrors(all);
    setTouched({ first_name: true, last_name: true, email: true, password: true });
    const first = (['first_name', 'last_name', 'email', 'password'] as const).find((k) => all[k]);
    if (first) {
      form.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    setBusy(true);
    try {
      const email = values.email.trim();
      await authApi.signUp({ ...values, email, first_name: values.first_name.trim(), last_name: values.last_name.trim() });
      setSentTo(email);
    } catch (err) {
      if (err instanceof ApiError && err.field && err.field in values) {
        setErrors((x) => ({ ...x, [err.field as keyof Values]: err.message.replace(/^\w+: /, '') }));
        form.querySelector<HTMLElement>(`[name="${err.field}"]`)?.focus();
      } else setFormError(err instanceof Error ? err.message : 'Sign-up failed. Try again.');
    } finally {
      setBusy(false);
    }
  };

  const lengthHint = describePasswordLength(values.password);
  return (
    <AuthCard
      title="Create your account"
      subtitle={`Start on the Free plan with ${monthlyAllocationTokens.Free} tokens a month. No card needed.`}
      footer={
        <>
          Already have an account?{' '}
          <Link to="/login" className="font-medium text-brand-fg hover:underline">
            Sign in
          </Link>
        </>
      }
    >
      <GoogleButton onError={setFormError} />
      <form noValidate onSubmit={onSubmit} className="space-y-4" aria-label="Sign up with e-mail">
        {formError && <Alert tone="error">{formError}</Alert>}
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="First name" error={shown('first_name')}>
            {(p) => (
              <Input
                {...p}
                name="first_name"
                autoComplete="given-name"
                maxLength={100}
                value={values.first_name}
                onChange={(e) => set('first_name', e.target.value)}
                onBlur={blur('first_name')}
                disabled={busy}
                autoFocus
              />
            )}
          </Field>
          <Field label="Last name" error={shown('last_name')}>
            {(p) => (
              <Input
                {...p}
                name="last_name"
                autoComplete="family-name"
                maxLength={100}
                value={values.last_name}
                onChange={(e) => set('last_name', e.target.value)}
                onBlur={blur('last_name')}
                disabled={busy}
              />
            )}
          </Field>
        </div>
        <Field label="E-mail" error={shown('email')}>
          {(p) => (
            <Input
              {...p}
              name="email"
              type="email"
              autoComplete="email"
              inputMode="email"
              value={values.email}
              onChange={(e) => set('email', e.target.value)}
              onBlur={blur('email')}
              disabled={busy}
            />
          )}
        </Field>
        <Field
          label="Password"
          error={shown('password')}
          hint={lengthHint ?? `At least ${PASSWORD_MIN_CHARS} characters. A few unrelated words make a strong, memorable password.`}
        >
          {(p) => (
            <PasswordInput
              {...p}
              name="password"
              autoComplete="new-password"
              value={values.password}
              onChange={(e) => set('password', e.target.value)}
              onBlur={blur('password')}
              disabled={busy}
            />
          )}
        </Field>
        <Button type="submit" className="w-full" loading={busy}>
          {busy ? 'Creating account…' : 'Create account'}
        </Button>
        <p className="text-center text-xs text-fg-subtle">
          By creating an account you agree to the{' '}
          <Link to="/terms-of-service" className="underline">
            terms
          </Link>{' '}
          and the{' '}
          <Link to="/privacy-policy" className="underline">
            privacy policy
          </Link>
          .
        </p>
      </form>
    </AuthCard>
  );
}
