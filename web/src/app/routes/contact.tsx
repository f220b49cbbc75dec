import { Clock, Mail, ShieldAlert } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { PageShell } from '../../components/layout/page-shell.tsx';
import {
  type ContactErrors,
  type ContactMessage,
  type ContactTopic,
  composeMailto,
  contactTopics,
  MESSAGE_MAX_CHARS,
  validateContactMessage,
} from '../../components/marketing/contact-message.ts';
import { SECURITY_EMAIL, SUPPORT_EMAIL } from '../../components/marketing/product-facts.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Field, Input } from '../../components/ui/input.tsx';
import { useAuth } from '../../features/auth/index.ts';
import { Select } from '../../components/ui/select.tsx';

const responseTimes: Array<[string, string]> = [
  ['Pro', 'within 1 business day'],
  ['Basic', 'within 2 business days'],
  ['Free', 'within 3 business days'],
];

function ContactForm() {
  const { user } = useAuth();
  const [values, setValues] = useState<ContactMessage>(() => ({
    name: user?.name ?? '',
    email: user?.email ?? '',
    topic: contactTopics[0],
    message: '',
  }));
  const [touched, setTouched] = useState<Partial<Record<keyof ContactMessage, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  const [mailto, setMailto] = useState<string | null>(null);

  const errors: ContactErrors = validateContactMessage(values);
  const shown = (k: keyof ContactMessage) => ((submitted || touched[k]) && errors[k]) || null;
  const set = <K extends keyof ContactMessage>(k: K, v: ContactMessage[K]) => {
    setValues((prev) => ({ ...prev, [k]: v }));
    setMailto(null);
  };
  const blur = (k: keyof ContactMessage) => () => setTouched((t) => ({ ...t, [k]: true }));

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    setSubmitted(true);
    if (Object.keys(errors).length > 0) {
      const first = (['name', 'email', 'topic', 'message'] as const).find((k) => errors[k]);
      e.currentTarget.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    const href = composeMailto(SUPPORT_EMAIL, values);
    setMailto(href);
    window.location.href = href;
  };

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-5 rounded-2xl border border-border bg-surface p-5 shadow-sm sm:p-7" aria-labelledby="form-heading">
      <div>
        <h2 id="form-heading" className="text-lg font-semibold text-fg">
          Write to us
        </h2>
        <p className="mt-1 text-sm text-fg-subtle">
          This form opens your e-mail app with the message ready to send to {SUPPORT_EMAIL}. Nothing is sent until you press send there.
        </p>
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <Field label="Your name" error={shown('name')}>
          {(p) => <Input {...p} name="name" autoComplete="name" value={values.name} onChange={(e) => set('name', e.target.value)} onBlur={blur('name')} />}
        </Field>
        <Field label="E-mail for our reply" error={shown('email')}>
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
            />
          )}
        </Field>
      </div>
      <Field label="Topic" error={shown('topic')}>
        {(p) => (
          <Select {...p} name="topic" value={values.topic} onChange={(e) => set('topic', e.target.value as ContactTopic)} className="w-full">
            {contactTopics.map((t) => (
              <option key={t}>{t}</option>
            ))}
          </Select>
        )}
      </Field>
      <Field
        label="Message"
        error={shown('message')}
        hint={`${values.message.trim().length} / ${MESSAGE_MAX_CHARS} characters. For a wrong figure, include the ticker and the analysis.`}
      >
        {(p) => (
          <textarea
            {...p}
            name="message"
            rows={6}
            value={values.message}
            onChange={(e) => set('message', e.target.value)}
            onBlur={blur('message')}
            className="w-full rounded-lg border border-border-strong bg-surface px-3 py-2 text-sm shadow-sm placeholder:text-fg-subtle focus:border-brand focus:outline-none focus:ring-2 focus:ring-brand-muted aria-[invalid=true]:border-negative"
            placeholder="How can we help?"
          />
        )}
      </Field>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-xs text-fg-subtle">Never send card numbers or passwords by e-mail.</p>
        <Button type="submit" variant="secondary" size="lg">
          <Mail className="size-4" aria-hidden />
          Open in e-mail app
        </Button>
      </div>
      {mailto && (
        <Alert tone="success" title="Your message is ready">
          Your e-mail app should have opened with the message filled in. If it did not,{' '}
          <a href={mailto} className="font-medium underline">
            open it here
          </a>{' '}
          or write to {SUPPORT_EMAIL} directly.
        </Alert>
      )}
    </form>
  );
}

export default function Contact() {
  return (
    <PageShell title="Contact us" lead="Questions about your account, tokens or an analysis? We read every message and answer by e-mail.">
      <div className="grid items-start gap-6 lg:grid-cols-[1fr_20rem]">
        <ContactForm />
        <aside aria-label="Other ways to reach us" className="space-y-4">
          <div className="rounded-2xl border border-border bg-surface p-5 shadow-sm">
            <Mail className="size-5 text-brand-fg" aria-hidden />
            <h2 className="mt-3 font-semibold text-fg">Support</h2>
            <p className="mt-1 text-sm text-fg-muted">
              <a href={`mailto:${SUPPORT_EMAIL}`} className="font-medium text-brand-fg underline">
                {SUPPORT_EMAIL}
              </a>
            </p>
            <p className="mt-2 text-sm text-fg-muted">For billing, add the date and amount of the purchase; we can find it from there.</p>
          </div>
          <div className="rounded-2xl border border-border bg-surface p-5 shadow-sm">
            <Clock className="size-5 text-brand-fg" aria-hidden />
            <h2 className="mt-3 font-semibold text-fg">Response times</h2>
            <dl className="mt-2 space-y-1 text-sm">
              {responseTimes.map(([plan, time]) => (
                <div key={plan} className="flex justify-between gap-3">
                  <dt className="text-fg-muted">{plan}</dt>
                  <dd className="font-medium text-fg">{time}</dd>
                </div>
              ))}
            </dl>
            <p className="mt-2 text-xs text-fg-subtle">Business days are Monday to Friday, 9:00–17:00 US Eastern time.</p>
          </div>
          <div className="rounded-2xl border border-border bg-surface p-5 shadow-sm">
            <ShieldAlert className="size-5 text-brand-fg" aria-hidden />
            <h2 className="mt-3 font-semibold text-fg">Security reports</h2>
            <p className="mt-1 text-sm text-fg-muted">
              Found a vulnerability? Write to{' '}
              <a href={`mailto:${SECURITY_EMAIL}`} className="font-medium text-brand-fg underline">
                {SECURITY_EMAIL}
              </a>{' '}
              with steps to reproduce. We acknowledge within 48 hours and ask that you give us time to fix it before disclosing. Please do not access other
              users’ data or degrade the service while testing.
            </p>
          </div>
          <p className="px-1 text-xs leading-relaxed text-fg-subtle">
            We cannot give personal investment advice or tell you whether to buy or sell a security.
          </p>
        </aside>
      </div>
    </PageShell>
  );
}
