import { Camera, Trash2 } from 'lucide-react';
import { type ChangeEvent, type FormEvent, useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { PageShell } from '../../components/layout/page-shell.tsx';
import { Avatar } from '../../components/layout/user-menu.tsx';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { Field, Input } from '../../components/ui/input.tsx';
import { authApi, useAuth } from '../../features/auth/index.ts';
import { ApiError } from '../../lib/api.ts';
import { getAvatarFallback } from '../../lib/avatar.ts';
import { formatDate } from '../../lib/format.ts';

const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
const AVATAR_TYPES = ['image/png', 'image/jpeg', 'image/webp'];

function AvatarCard() {
  const { user, profile, setProfile } = useAuth();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState<'upload' | 'remove' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const url = profile?.avatar_url ?? user?.image ?? null;
  const fallback = getAvatarFallback({ firstName: profile?.first_name, lastName: profile?.last_name, email: user?.email });

  const onFile = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    setError(null);
    if (!AVATAR_TYPES.includes(file.type)) return setError('Choose a PNG, JPEG or WebP image.');
    if (file.size > AVATAR_MAX_BYTES) return setError(`This image is ${(file.size / 1024 / 1024).toFixed(1)} MB; the limit is 2 MB.`);
    setBusy('upload');
    try {
      setProfile(await authApi.uploadAvatar(file));
      toast.success('Profile picture updated');
    } catch (err) {
      setError(err instanceof Error ? err.message : 'The upload failed. Try again.');
    } finally {
      setBusy(null);
    }
  };

  const remove = async () => {
    setBusy('remove');
    setError(null);
    try {
      setProfile(await authApi.deleteAvatar());
      toast.success('Profile picture removed');
    } catch (err) {
      setError(err instanceof Error ? err.message : 'The picture could not be removed.');
    } finally {
      setBusy(null);
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Profile picture</CardTitle>
        <CardDescription>PNG, JPEG or WebP up to 2 MB. We crop it to a square.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <div className="flex flex-wrap items-center gap-4">
          <Avatar url={url} fallback={fallback} size={80} />
          <div className="flex flex-wrap gap-2">
            <input
              ref={input}
              type="file"
              accept={AVATAR_TYPES.join(',')}
              className="sr-only"
              onChange={onFile}
              aria-label="Choose a profile picture"
              tabIndex={-1}
            />
            <Button variant="outline" onClick={() => input.current?.click()} loading={busy === 'upload'} disabled={busy !== null}>
              <Camera className="size-4" aria-hidden />
              {url ? 'Change picture' : 'Upload picture'}
            </Button>
            {profile?.avatar_url && (
              <Button variant="ghost" onClick={remove} loading={busy === 'remove'} disabled={busy !== null}>
                <Trash2 className="size-4" aria-hidden />
                Remove
              </Button>
            )}
          </div>
        </div>
        {error && <Alert tone="error">{error}</Alert>}
      </CardContent>
    </Card>
  );
}

function NamesCard() {
  const { user, profile, setProfile } = useAuth();
  const [first, setFirst] = useState(profile?.first_name ?? '');
  const [last, setLast] = useState(profile?.last_name ?? '');
  const [errors, setErrors] = useState<{ first_name?: string; last_name?: string }>({});
  const [busy, setBusy] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);

  // The profile arrives after the page may have mounted; take it over while the form is untouched.
  useEffect(() => {
    setFirst(profile?.first_name ?? '');
    setLast(profile?.last_name ?? '');
  }, [profile?.first_name, profile?.last_name]);

  const dirty = first.trim() !== (profile?.first_name ?? '') || last.trim() !== (profile?.last_name ?? '');
  const check = (v: string) => ([...v.trim()].length > 100 ? 'Use at most 100 characters.' : undefined);

  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    setFormError(null);
    const next = { first_name: check(first), last_name: check(last) };
    setErrors(next);
    if (next.first_name || next.last_name) return;
    setBusy(true);
    try {
      setProfile(await authApi.updateProfile({ first_name: first.trim() || null, last_name: last.trim() || null }));
      toast.success('Profile saved');
    } catch (err) {
      if (err instanceof ApiError && (err.field === 'first_name' || err.field === 'last_name')) setErrors({ [err.field]: err.message.replace(/^\w+: /, '') });
      else setFormError(err instanceof Error ? err.message : 'The profile could not be saved.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Your details</CardTitle>
        <CardDescription>Your name appears in the menu and on your reports.</CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={onSubmit} className="space-y-4">
          {formError && <Alert tone="error">{formError}</Alert>}
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label="First name" error={errors.first_name}>
              {(p) => (
                <Input
                  {...p}
                  name="first_name"
                  autoComplete="given-name"
                  maxLength={100}
                  value={first}
                  onChange={(e) => setFirst(e.target.value)}
                  disabled={busy}
                />
              )}
            </Field>
            <Field label="Last name" error={errors.last_name}>
              {(p) => (
                <Input
                  {...p}
                  name="last_name"
                  autoComplete="family-name"
                  maxLength={100}
                  value={last}
                  onChange={(e) => setLast(e.target.value)}
                  disabled={busy}
                />
              )}
            </Field>
          </div>
          <Field label="E-mail" hint="Your sign-in address. It cannot be changed here.">
            {(p) => <Input {...p} value={user?.email ?? ''} readOnly className="bg-surface-muted text-fg-muted" />}
          </Field>
          <div className="flex flex-wrap items-center justify-between gap-3">
            <p className="text-xs text-fg-subtle">{profile?.updated_at ? `Last updated ${formatDate(profile.updated_at)}` : 'Not saved yet'}</p>
            <Button type="submit" loading={busy} disabled={!dirty}>
              {busy ? 'Saving…' : 'Save changes'}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}

export default function ProfilePage() {
  return (
    <PageShell title="Profile" lead="How you appear in Stockpilot." width="narrow">
      <div className="space-y-6">
        <AvatarCard />
        <NamesCard />
      </div>
    </PageShell>
  );
}
