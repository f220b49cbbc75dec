import { Link } from 'react-router';
import { LegalDocument, type LegalSection } from '../../components/marketing/legal-document.tsx';
import {
  DATA_SNAPSHOT_DATE,
  ETF_COUNT,
  formatCostMt,
  LEGAL_LAST_UPDATED,
  MAX_TOPUP_TOKENS,
  MIN_TOPUP,
  STOCK_COUNT,
  SUPPORT_EMAIL,
  TOKEN_PRICE,
  TOPUP_BALANCE_LIMIT_TOKENS,
  tiers,
} from '../../components/marketing/product-facts.ts';
import { formatUsdCents } from '../../../../core/tokens/catalog.ts';
import { getActionCostMt } from '../../../../core/tokens/costs.ts';

const mail = <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>;

const sections: LegalSection[] = [
  {
    id: 'agreement',
    title: 'These terms',
    body: (
      <>
        <p>
          These terms govern your use of Stockpilot, the website and app at stockpilot.app and its API (“Stockpilot”, “we”, “us”). By creating an account or
          using Stockpilot you agree to them. If you do not agree, please do not use the service.
        </p>
        <p>You must be at least 18 years old and able to enter into a binding contract to open an account.</p>
      </>
    ),
  },
  {
    id: 'not-advice',
    title: 'Not investment advice',
    body: (
      <>
        <p>
          <strong>Stockpilot provides information and education, not investment, financial, tax or legal advice.</strong> Analyses, ratings (such as “Buy” or
          “Strong sell” technical ratings), scores, valuations and copilot answers describe what the data shows under stated formulas and assumptions. They do
          not take your objectives, finances or risk tolerance into account and are not a recommendation to buy, sell or hold any security.
        </p>
        <p>
          Investing involves risk, including the loss of capital. Past performance does not predict future results. Make your own decisions, and consult a
          licensed adviser where appropriate. We are not a broker or investment adviser and never hold your money or securities.
        </p>
      </>
    ),
  },
  {
    id: 'accounts',
    title: 'Your account',
    body: (
      <ul>
        <li>You sign up with an e-mail address and password (or Google sign-in where offered) and must verify your e-mail address before you can sign in.</li>
        <li>
          An account is for one person. Keep your password secret; you are responsible for activity on your account. Tell us at once at {mail} if you suspect
          misuse.
        </li>
        <li>Give accurate information and keep it up to date in your profile.</li>
        <li>
          You can close your account at any time by writing to {mail} from its e-mail address. Closing it ends any subscription at the end of the period and
          forfeits unspent tokens unless you first request a refund as described in section 5.
        </li>
        <li>We may suspend or close accounts that break these terms, with notice where the law requires and where it is safe to give it.</li>
      </ul>
    ),
  },
  {
    id: 'plans',
    title: 'Plans and subscriptions',
    body: (
      <>
        <p>Stockpilot has three plans. Each includes a monthly allowance of tokens:</p>
        <ul>
          {tiers.map((t) => (
            <li key={t.name}>
              <strong>{t.name}</strong> — {t.monthlyTokens} tokens a month,{' '}
              {t.priceCents === 0 ? 'no payment required' : `${formatUsdCents(t.priceCents)} a month`}.
            </li>
          ))}
        </ul>
        <p>
          <strong>Subscriptions renew automatically every month</strong> on the day your billing period started, and the price is charged to your payment method
          until you cancel. You can cancel at any time from the subscription portal linked in your dashboard.{' '}
          <strong>Cancellation takes effect at the end of the current billing period</strong>: you keep your plan and its allowance until then, and you are not
          charged again. Subscription fees for a period that has started are not refunded, except where the law requires it.
        </p>
        <p>
          An upgrade from Basic to Pro takes effect immediately; you receive the difference in monthly allowance in proportion to the time left in the period. A
          downgrade takes effect at the end of the period. The monthly allowance is used before purchased tokens and does not carry over: unused allowance ends
          with its billing period.
        </p>
        <p>We will give at least 30 days’ notice by e-mail before changing a subscription price; the change applies from your next renewal after that.</p>
      </>
    ),
  },
  {
    id: 'tokens',
    title: 'Tokens and purchases',
    body: (
      <>
        <p>
          Each analysis and copilot question costs a fixed number of tokens, shown in the app before you run it (for example{' '}
          {formatCostMt(getActionCostMt('overview'))} tokens for a quick overview, {formatCostMt(getActionCostMt('balance-sheet'))} for a balance sheet
          analysis, {formatCostMt(getActionCostMt('copilot'))} for a copilot question).
        </p>
        <ul>
          <li>
            <strong>Charged only on success.</strong> The cost is reserved when an analysis starts and charged only when it completes. If it fails, the
            reservation is released and nothing is charged. Re-opening a finished analysis is free.
          </li>
          <li>
            <strong>Buying tokens.</strong> Basic and Pro subscribers can buy additional tokens at <strong>{TOKEN_PRICE} per token</strong>, at least{' '}
            {MIN_TOPUP} and at most {MAX_TOPUP_TOKENS.toLocaleString('en-US')} tokens per purchase, when their balance is below {TOPUP_BALANCE_LIMIT_TOKENS}{' '}
            tokens. Prices are in US dollars.
          </li>
          <li>
            <strong>Purchased tokens never expire</strong>, including after a downgrade to Free or a cancellation; they stay on your account while it exists.
          </li>
          <li>
            Tokens are a prepaid right to use Stockpilot. They are not money, earn no interest, have no cash value except as a refund under this section, and
            cannot be transferred or sold to another account.
          </li>
          <li>
            <strong>Refunds.</strong> You can ask for a refund of purchased tokens you have not spent within 30 days of the purchase, by writing to {mail} with
            the purchase reference. We refund {TOKEN_PRICE} for each unspent purchased token to the original payment method. Monthly allowance tokens are not
            refundable. Your statutory rights are not affected.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'payments',
    title: 'Payments',
    body: (
      <p>
        Payments are processed by our card payment provider through its hosted checkout page. Your card details are entered on the provider’s page and held by
        the provider; they never reach our servers. Tokens are added as soon as the provider confirms the payment. If a payment is reversed or charged back, we
        may remove the corresponding tokens, or, if they have been spent, suspend paid features until the balance is settled.
      </p>
    ),
  },
  {
    id: 'data',
    title: 'Market data and its limits',
    body: (
      <>
        <p>Figures in Stockpilot are computed by our code from these sources, and each figure shows its source and the date it is as of:</p>
        <ul>
          <li>
            <strong>SEC EDGAR</strong> — company financial statements as filed with the US Securities and Exchange Commission. Filings can contain errors and
            can be restated later; we show them as filed.
          </li>
          <li>
            <strong>Daily prices</strong> for {STOCK_COUNT} large US stocks and {ETF_COUNT} ETFs. The bundled data set is a snapshot as of {DATA_SNAPSHOT_DATE}.
            Prices are end-of-day, not real-time, and may be delayed or incomplete.
          </li>
        </ul>
        <p>
          Models rest on assumptions (for example a discount rate or a growth rate in a DCF valuation) that we state alongside the result. The written narrative
          is produced by a rule-based writer or a language model that explains the computed figures; we check that the numbers it writes match them, but wording
          can still be imperfect. We work to keep data and calculations correct but do not guarantee that they are complete, accurate or current. Check
          important figures against the original filing before relying on them.
        </p>
      </>
    ),
  },
  {
    id: 'use',
    title: 'Acceptable use',
    body: (
      <>
        <p>You agree not to:</p>
        <ul>
          <li>access Stockpilot by automated means other than the documented API with your own API key, or exceed its rate limits;</li>
          <li>resell, redistribute or publish analyses or data in bulk, or use them to build a competing data set;</li>
          <li>probe, disrupt or bypass the security of the service or other users’ accounts (report vulnerabilities instead — see the contact page);</li>
          <li>use the service for anything unlawful, including market manipulation.</li>
        </ul>
      </>
    ),
  },
  {
    id: 'ip',
    title: 'Content and intellectual property',
    body: (
      <p>
        The Stockpilot software, design and texts belong to us. You may use analyses you run for your own personal or internal business purposes, and quote them
        with attribution. Public SEC filings are not ours; third-party price data remains subject to its providers’ terms. Questions you send to the copilot
        remain yours; you allow us to process them to answer you.
      </p>
    ),
  },
  {
    id: 'availability',
    title: 'Availability and changes to the service',
    body: (
      <p>
        We aim to keep Stockpilot available and correct, but provide it “as is” and “as available”. We may add, change or remove features; token costs are
        always shown before you spend tokens, and we will not change the cost of an analysis that has already started. A feature we describe as planned is a
        plan, not a promise.
      </p>
    ),
  },
  {
    id: 'liability',
    title: 'Liability',
    body: (
      <p>
        To the extent the law allows, we are not liable for investment losses or for indirect or consequential damages arising from your use of Stockpilot, and
        our total liability for any claim is limited to the amount you paid us in the 12 months before it arose. Nothing in these terms limits liability that
        cannot be limited by law.
      </p>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to these terms',
    body: (
      <p>
        We may update these terms. The date at the top shows the latest version. For material changes we will e-mail you at least 30 days in advance; if you
        keep using Stockpilot after they take effect, the new terms apply. If you do not accept them, you can cancel and ask for a refund of unspent purchased
        tokens.
      </p>
    ),
  },
  {
    id: 'contact',
    title: 'Contact',
    body: (
      <p>
        Questions about these terms: {mail}, or use the <Link to="/contact">contact page</Link>. How we handle personal data is described in the{' '}
        <Link to="/privacy-policy">privacy policy</Link>.
      </p>
    ),
  },
];

export default function TermsOfService() {
  return (
    <LegalDocument
      title="Terms of Service"
      lead="The rules for using Stockpilot: accounts, plans, tokens, payments and what our analyses are — and are not."
      lastUpdated={LEGAL_LAST_UPDATED}
      sections={sections}
    />
  );
}
