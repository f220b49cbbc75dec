import { Link } from 'react-router';
import { LegalDocument, type LegalSection } from '../../components/marketing/legal-document.tsx';
import { LEGAL_LAST_UPDATED, SUPPORT_EMAIL } from '../../components/marketing/product-facts.ts';

const mail = <a href={`mailto:${SUPPORT_EMAIL}?subject=${encodeURIComponent('Privacy request')}`}>{SUPPORT_EMAIL}</a>;

const stored: Array<[string, string, string]> = [
  ['E-mail address', 'Sign-in, verification and password-reset e-mails, receipts, important notices.', 'While your account exists'],
  ['First and last name', 'Shown in the app and used for your initials.', 'While your account exists'],
  ['Avatar', 'The picture you upload, or the picture URL from Google sign-in.', 'Until you remove it or close your account'],
  ['Password', 'Stored only as a one-way hash (Argon2); we never know your password.', 'While your account exists'],
  ['Sessions', 'A session record with its IP address and browser name, to keep you signed in and spot misuse.', 'Until sign-out or 30 days of inactivity'],
  [
    'Token ledger',
    'Every allocation, reservation, charge, release and purchase of tokens, with amounts and times, so your balance can be checked.',
    'While your account exists, then 7 years for accounting',
  ],
  ['Analyses and copilot conversations', 'The analyses you ran and the questions you asked, so you can re-open them for free.', 'While your account exists'],
  [
    'Payment references',
    'Checkout session and customer IDs from the payment provider, plan, amounts and status — never card numbers.',
    '7 years, as accounting and tax law requires',
  ],
];

const sections: LegalSection[] = [
  {
    id: 'summary',
    title: 'In short',
    body: (
      <ul>
        <li>We store what is needed to run your account and your token balance — nothing for advertising.</li>
        <li>We use one cookie: the session cookie that keeps you signed in. No analytics, advertising or third-party tracking cookies.</li>
        <li>Card data is held by the payment provider, never by us.</li>
        <li>We do not sell personal data.</li>
      </ul>
    ),
  },
  {
    id: 'controller',
    title: 'Who is responsible',
    body: (
      <p>
        Stockpilot is responsible for the personal data described here. For any privacy question or request, write to {mail}; we answer privacy requests within
        30 days.
      </p>
    ),
  },
  {
    id: 'data',
    title: 'What personal data we store',
    body: (
      <>
        <dl className="divide-y divide-border-subtle rounded-xl border border-border">
          {stored.map(([what, why, kept]) => (
            <div key={what} className="grid gap-1 px-4 py-3 sm:grid-cols-[11rem_1fr] sm:gap-4">
              <dt className="font-semibold text-fg">{what}</dt>
              <dd>
                {why}
                <span className="mt-0.5 block text-sm text-fg-subtle">Kept: {kept}</span>
              </dd>
            </div>
          ))}
        </dl>
        <p>
          <strong>Card data is held by the payment provider, never by us.</strong> You enter card details on the provider’s hosted checkout page; we only
          receive a reference to the payment and whether it succeeded.
        </p>
        <p>If you sign in with Google, Google shares your name, e-mail address and profile picture URL with us. We do not receive your Google password.</p>
      </>
    ),
  },
  {
    id: 'purposes',
    title: 'Why we use it',
    body: (
      <ul>
        <li>
          <strong>To provide the service you signed up for</strong> (performance of our contract with you): your account, analyses, token balance and purchases.
        </li>
        <li>
          <strong>To keep it secure</strong> (our legitimate interest): session records, rate limits and logs help us detect abuse and account takeover.
        </li>
        <li>
          <strong>To meet legal obligations</strong>: payment and ledger records are kept for accounting and tax purposes.
        </li>
      </ul>
    ),
  },
  {
    id: 'cookies',
    title: 'Cookies',
    body: (
      <>
        <p>
          Stockpilot sets a single, strictly necessary cookie, <code className="rounded bg-surface-subtle px-1 text-[13px]">stockpilot.session_token</code>,
          when you sign in. It identifies your session, is marked HttpOnly (scripts cannot read it), is sent only to Stockpilot, and expires after 30 days
          without use or when you sign out.
        </p>
        <p>
          We use no analytics, advertising or social-media cookies and load no third-party scripts, so no consent banner is needed. The app keeps no other data
          in your browser’s storage beyond what it needs to draw the current page.
        </p>
      </>
    ),
  },
  {
    id: 'sharing',
    title: 'Who we share it with',
    body: (
      <>
        <p>Only with service providers that process data on our behalf, under contract, for the purposes above:</p>
        <ul>
          <li>
            <strong>Payment provider</strong> — processes card payments and subscriptions; receives your e-mail address and the purchase.
          </li>
          <li>
            <strong>E-mail delivery provider</strong> — sends verification, password-reset and billing e-mails.
          </li>
          <li>
            <strong>Hosting and database providers</strong> — run our servers and store the data listed above.
          </li>
          <li>
            <strong>Language-model provider</strong>, where we use one to write analysis text or copilot answers — receives the computed figures and your
            question, never your name, e-mail address or payment details.
          </li>
        </ul>
        <p>We disclose data to authorities only when the law requires it. We never sell or rent personal data.</p>
      </>
    ),
  },
  {
    id: 'retention',
    title: 'How long we keep it',
    body: (
      <>
        <p>
          Account data is kept while your account exists. When you close your account we delete your profile, avatar, sessions, analyses and conversations
          within 30 days. Token ledger entries and payment references are kept for 7 years where accounting and tax law requires it, then deleted. Server logs,
          which can contain IP addresses, are kept for 30 days. Backups roll over within 35 days.
        </p>
      </>
    ),
  },
  {
    id: 'security',
    title: 'Security',
    body: (
      <p>
        Connections are encrypted (HTTPS). Passwords are hashed with Argon2. Every record is scoped to its owner, so one user can never read another’s data.
        Sessions are revoked when you reset your password. If we learn of a breach that affects you, we will tell you without undue delay.
      </p>
    ),
  },
  {
    id: 'rights',
    title: 'Your rights',
    body: (
      <>
        <p>Depending on where you live (for example under the GDPR or the CCPA), you have the right to:</p>
        <ul>
          <li>access the personal data we hold about you and get a copy in a portable format;</li>
          <li>correct it — you can edit your name and avatar yourself on the Profile page;</li>
          <li>have it deleted, subject to the retention obligations above;</li>
          <li>object to or restrict processing based on our legitimate interests;</li>
          <li>complain to your data-protection authority.</li>
        </ul>
        <p>To use any of these rights, write to {mail} from the e-mail address of your account. We do not charge for requests.</p>
      </>
    ),
  },
  {
    id: 'children',
    title: 'Children',
    body: <p>Stockpilot is not intended for anyone under 18, and we do not knowingly collect their data.</p>,
  },
  {
    id: 'changes',
    title: 'Changes to this policy',
    body: <p>We will update the date at the top when this policy changes, and e-mail you before material changes take effect.</p>,
  },
  {
    id: 'contact',
    title: 'Contact',
    body: (
      <p>
        Privacy questions and requests: {mail}. Other questions: the <Link to="/contact">contact page</Link>. The{' '}
        <Link to="/terms-of-service">terms of service</Link> cover accounts, tokens and payments.
      </p>
    ),
  },
];

export default function PrivacyPolicy() {
  return (
    <LegalDocument
      title="Privacy Policy"
      lead="What personal data Stockpilot stores, why, for how long, and what you can ask us to do with it."
      lastUpdated={LEGAL_LAST_UPDATED}
      sections={sections}
    />
  );
}
