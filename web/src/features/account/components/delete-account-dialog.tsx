import { type FormEvent, useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Field, Input } from '../../../components/ui/input.tsx';
import { ModalDialog } from '../../../components/ui/modal-dialog.tsx';
import { ApiError } from '../../../lib/api.ts';
import { type AccountDeletionStatus, requestAccountDeletion, useAccountDeletionMutation } from '../api/account-deletion.ts';

/**
 * The confirmation of an account deletion: what goes, what stays, and the current password (or, for an account
 * without one, a recent sign-in). A native modal <dialog>: focus moves to the password, Escape closes, the page is inert.
 */
export function DeleteAccountDialog({
  open,
  onClose,
  userId,
  email,
  status,
}: {
  open: boolean;
  onClose: () => void;
  userId: string | null;
  email: string;
  status: AccountDeletionStatus;
}) {
  const [password, setPassword] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const request = useAccountDeletionMutation(userId, requestAccountDeletion);

  const close = () => {
    setPassword('');
    setFieldError(null);
    setFormError(null);
    onClose();
  };

  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    setFieldError(null);
    setFormError(null);
    if (status.password_required && !password) {
      setFieldError('Enter your current password.');
      return;
    }
    try {
      await request.mutateAsync(status.password_required ? { password } : {});
      close();
    } catch (err) {
      if (err instanceof ApiError && err.field === 'password') setFieldError(err.message);
      else setFormError(err instanceof Error ? err.message : 'Your account could not be scheduled for deletion. Try again.');
    }
  };

  return (
    <ModalDialog open={open} onClose={close} titleId="delete-account-title" bodyId="delete-account-body" width="30rem" testId="delete-account-dialog">
      <form noValidate onSubmit={onSubmit} className="space-y-4 p-5">
        <h2 id="delete-account-title" className="text-lg font-semibold text-fg">
          Delete your account?
        </h2>
        <div id="delete-account-body" className="space-y-2 text-sm text-fg-secondary">
          <p>
            Your account will be deleted <strong>{status.grace_days} days</strong> after you confirm. Until then you can cancel on this page.
          </p>
          <p>
            Then we delete your name, e-mail address, sign-in methods, profile, analyses, copilot conversations, watchlists and alerts, saved screens and
            valuations, API keys and share links, and sign you out everywhere. A paid subscription ends with the account.
          </p>
          <p>
            We keep the records of your token use and payments, without your name or e-mail address, because bookkeeping rules require it. Download your data
            first if you want a copy.
          </p>
        </div>
        {formError && <Alert tone="error">{formError}</Alert>}
        {status.password_required ? (
          <>
            <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
            <Field label="Current password" error={fieldError} hint="To confirm it is you.">
              {(p) => (
                <Input
                  {...p}
                  autoFocus
                  type="password"
                  name="current-password"
                  autoComplete="current-password"
                  value={password}
                  onChange={(e) => setPassword(e.target.value)}
                  disabled={request.isPending}
                />
              )}
            </Field>
          </>
        ) : (
          <p className="text-sm text-fg-secondary">
            Your account signs in with Google, so no password is asked: instead you must have signed in within the last 10 minutes. If it has been longer, sign
            out and sign in again first.
          </p>
        )}
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="outline" onClick={close} disabled={request.isPending}>
            Keep my account
          </Button>
          <Button type="submit" variant="destructive" loading={request.isPending}>
            Delete in {status.grace_days} days
          </Button>
        </div>
      </form>
    </ModalDialog>
  );
}
