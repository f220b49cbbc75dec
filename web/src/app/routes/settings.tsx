import { type FormEvent, useEffect, useState } from 'react';
import { toast } from 'sonner';
import { PageShell } from '../../components/layout/page-shell.tsx';
import { Alert } from '../../components/ui/alert.tsx';
import { Button, ButtonLink } from '../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { Field } from '../../components/ui/input.tsx';
import { YourDataCard } from '../../features/account/index.ts';
import { ApiKeysCard } from '../../features/api-keys/index.ts';
import { SharedLinksCard } from '../../features/analyses/index.ts';
import { authApi, useAuth } from '../../features/auth/index.ts';
import { describePasswordLength, PASSWORD_MIN_CHARS, PasswordInput, preloadPasswordRules, validateNewPassword } from '../../features/auth/forms.ts';
import { ApiError } from '../../lib/api.ts';

type Fields = 'current' | 'next' | 'confirm';

function ChangePasswordCard() {
  const { user, refresh } = useAuth();
  const [values, setValues] = useState<Record<Fields, string>>({ current: '', next: '', confirm: '' });
  const [errors, setErrors] = useState<Partial<Record<Fields, string | null>>>({});
  const [busy, setBusy] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  useEffect(preloadPasswordRules, []);
  const set = (k: Fields) => (e: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [k]: e.target.value }));
    setDone(false);
  };

  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (!user) return;
    setFormError(null);
    const next = {
      current: values.current ? null : 'Enter your current password.',
      next: (await validateNewPassword(values.next)) ?? (values.next === values.current ? 'Choose a password different from the current one.' : null),
      confirm: values.confirm === values.next ? null : 'The two new passwords are not the same.',
    };
    setErrors(next);
    if (next.current || next.next || next.confirm) return;
    setBusy(true);
    try {
      // SPEC §5: the current password is verified by signing in again with the current e-mail.
      try {
        await authApi.signIn({ email: user.email, password: values.current });
      } catch (err) {
        if (err instanceof ApiError && err.code === 'INVALID_EMAIL_OR_PASSWORD') {
          setErrors({ current: 'This is not your current password.' });
          return;
        }
        throw err;
      }
      await authApi.changePassword(values.current, values.next);
      await refresh();
      setValues({ current: '', next: '', confirm: '' });
      setDone(true);
      toast.success('Password changed', { description: 'Your other devices were signed out.' });
    } catch (err) {
      if (err instanceof ApiError && err.code === 'WEAK_PASSWORD') setErrors({ next: err.message });
      else if (err instanceof ApiError && err.code === 'CREDENTIAL_ACCOUNT_NOT_FOUND')
        setFormError('Your account signs in with Google and has no password here. Use "Forgot password" on the sign-in page to set one.');
      else setFormError(err instanceof Error ? err.message : 'The password could not be changed. Try again.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Password</CardTitle>
        <CardDescription>Changing it signs you out on every other device.</CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={onSubmit} className="space-y-4" aria-label="Change password">
          {done && <Alert tone="success">Password changed. Other devices were signed out.</Alert>}
          {formError && <Alert tone="error">{formError}</Alert>}
          <input type="email" name="username" autoComplete="username" value={user?.email ?? ''} readOnly hidden />
          <Field label="Current password" error={errors.current}>
            {(p) => <PasswordInput {...p} name="current" autoComplete="current-password" value={values.current} onChange={set('current')} disabled={busy} />}
          </Field>
          <Field label="New password" error={errors.next} hint={describePasswordLength(values.next) ?? `At least ${PASSWORD_MIN_CHARS} characters.`}>
            {(p) => <PasswordInput {...p} name="next" autoComplete="new-password" value={values.next} onChange={set('next')} disabled={busy} />}
          </Field>
          <Field label="Repeat the new password" error={errors.confirm}>
            {(p) => <PasswordInput {...p} name="confirm" autoComplete="new-password" value={values.confirm} onChange={set('confirm')} disabled={busy} />}
          </Field>
          <div className="flex justify-end">
            <Button type="submit" loading={busy}>
              {busy ? 'Changing…' : 'Change password'}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}

function AccountCard() {
  const { user, signOut } = useAuth();
  const [busy, setBusy] = useState(false);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Account</CardTitle>
        <CardDescription>
          Signed in as <span className="break-all font-medium text-fg-secondary">{user?.email}</span>
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-wrap gap-2">
        <ButtonLink to="/profile" variant="outline">
          Edit profile
        </ButtonLink>
        <Button
          variant="ghost"
          loading={busy}
          onClick={async () => {
            setBusy(true);
            try {
              await signOut();
            } catch {
              setBusy(false);
            }
          }}
        >
          Sign out
        </Button>
      </CardContent>
    </Card>
  );
}

export default function SettingsPage() {
  const { user } = useAuth();
  return (
    <PageShell title="Settings" lead="Security, API keys, shared links, account and your data." width="narrow">
      <div className="space-y-6">
        <ChangePasswordCard />
        <ApiKeysCard userId={user?.id ?? null} />
        <AccountCard />
        <SharedLinksCard />
        <YourDataCard userId={user?.id ?? null} email={user?.email ?? ''} />
      </div>
    </PageShell>
  );
}
