import {
  ArrowRight,
  Calculator,
  ChartCandlestick,
  Check,
  Database,
  FileText,
  Gauge,
  Layers,
  type LucideIcon,
  MessageSquareText,
  Scale,
  ShieldCheck,
} from 'lucide-react';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { getActionCostMt } from '../../../../core/tokens/costs.ts';
import { AvailableNow } from '../../components/marketing/available-now.tsx';
import { countRuns, HomeTokens } from '../../components/marketing/home-tokens.tsx';
import {
  ALLOWANCES,
  ANALYSIS_KIND_COUNT_WORD,
  type AnalysisKind,
  analysisProducts,
  sentenceCase,
  COPILOT_COST_MT,
  DATA_SNAPSHOT_DATE,
  ETF_COUNT,
  formatCostMt,
  STOCK_COUNT,
  tiers,
} from '../../components/marketing/product-facts.ts';
import { Faq, Section } from '../../components/marketing/section.tsx';
import { ButtonLink } from '../../components/ui/button.tsx';
import { useAuth } from '../../features/auth/index.ts';

const freeTokens = tiers[0]!.monthlyTokens;

const icons: Record<AnalysisKind, LucideIcon> = {
  overview: Gauge,
  fundamental: FileText,
  technical: ChartCandlestick,
  'balance-sheet': Scale,
  etf: Layers,
  dcf: Calculator,
};

function HeroActions() {
  const { user } = useAuth();
  return user ? (
    <div className="flex flex-col gap-3 sm:flex-row">
      <ButtonLink to="/dashboard" size="lg" variant="secondary">
        Go to dashboard <ArrowRight className="size-4" aria-hidden />
      </ButtonLink>
      <ButtonLink to="/search" size="lg" variant="outline">
        Search stocks
      </ButtonLink>
    </div>
  ) : (
    <div className="flex flex-col gap-3 sm:flex-row">
      <ButtonLink to="/signup" size="lg" variant="secondary">
        Get started free <ArrowRight className="size-4" aria-hidden />
      </ButtonLink>
      <ButtonLink to="/pricing" size="lg" variant="outline">
        See pricing
      </ButtonLink>
    </div>
  );
}

function Hero() {
  const { user } = useAuth();
  return (
    <section aria-labelledby="hero-heading" className="relative overflow-hidden border-b border-border bg-linear-to-b from-positive-soft/80 to-surface-muted">
      <div className="mx-auto grid w-full max-w-6xl items-center gap-12 px-4 py-12 sm:px-6 sm:py-20 lg:grid-cols-[1.1fr_1fr]">
        <div>
          <p className="inline-flex items-center gap-2 rounded-full border border-positive-muted bg-surface px-3 py-1 text-xs font-medium text-positive-strong">
            <span className="size-1.5 rounded-full bg-brand" aria-hidden />
            {STOCK_COUNT} US stocks · {ETF_COUNT} ETFs · data as of {DATA_SNAPSHOT_DATE}
          </p>
          <h1 id="hero-heading" className="mt-5 text-4xl font-bold tracking-tight text-fg sm:text-5xl">
            Stock analysis you can <span className="text-brand-fg">check, line by line</span>.
          </h1>
          <p className="mt-5 max-w-xl text-lg leading-relaxed text-fg-muted">
            Stockpilot shows real market data — SEC filings and daily prices — with the source and date of every figure, and runs {ANALYSIS_KIND_COUNT_WORD}{' '}
            analyses that compute the ratios, scores and valuations in tested code and explain them in a note citing each figure. Paid per use with tokens, and
            only when an analysis is delivered.
          </p>
          <div className="mt-8">
            <HeroActions />
          </div>
          <ul className="mt-6 flex flex-col gap-2 text-sm text-fg-muted sm:flex-row sm:flex-wrap sm:gap-x-6">
            {(user
              ? [
                  'Prices, statements and ETF data, free to browse',
                  'Sources on every figure',
                  `${sentenceCase(ANALYSIS_KIND_COUNT_WORD)} analyses and a copilot`,
                ]
              : [`${freeTokens} free tokens every month`, 'No card needed to start', 'Sources on every figure']
            ).map((t) => (
              <li key={t} className="flex items-center gap-2">
                <Check className="size-4 text-brand-fg" aria-hidden />
                {t}
              </li>
            ))}
          </ul>
        </div>
        <div className="flex justify-center lg:justify-end">
          <figure className="w-full max-w-xl overflow-hidden rounded-2xl border border-border bg-surface shadow-xl">
            <img
              src="/images/technical-analysis-aapl.webp"
              width={720}
              height={619}
              className="h-auto w-full"
              alt="A technical analysis of Apple (AAPL) in Stockpilot: the analyst's note rating it Strong Buy, each sentence with the figures it uses, above a candlestick chart with SMA 50 and 200, Bollinger bands, support and resistance, RSI and MACD."
            />
            <figcaption className="border-t border-border-subtle px-4 py-2 text-xs text-fg-muted">
              A real technical analysis of AAPL, on data as of {DATA_SNAPSHOT_DATE}.
            </figcaption>
          </figure>
        </div>
      </div>
    </section>
  );
}

function Stats() {
  const stats: Array<[string, string]> = [
    ['~13,000', 'US listings to search'],
    [String(STOCK_COUNT), 'large US stocks with full data'],
    [String(ETF_COUNT), 'ETFs'],
    [String(analysisProducts.length), 'analyses to run'],
  ];
  return (
    <div className="border-b border-border bg-surface">
      <dl className="mx-auto grid w-full max-w-6xl grid-cols-2 gap-y-6 px-4 py-8 sm:grid-cols-4 sm:px-6">
        {stats.map(([value, label]) => (
          <div key={label} className="flex flex-col-reverse items-center text-center">
            <dt className="mt-1 text-sm text-fg-subtle">{label}</dt>
            <dd className="tabular text-3xl font-bold tracking-tight text-fg">{value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

function Analyses() {
  return (
    <Section
      id="analyses"
      eyebrow="Available now"
      title={`${sentenceCase(ANALYSIS_KIND_COUNT_WORD)} analyses, each priced in tokens, and a copilot to ask`}
      lead="Pick a stock or ETF, choose how deep to go, and get a report whose every number you can trace to the filing or price series it came from. You see the cost before you run, and pay only when the result is delivered."
    >
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {analysisProducts.map((a) => {
          const Icon = icons[a.kind];
          return (
            <li key={a.kind} className="flex flex-col rounded-2xl border border-border bg-surface p-5 shadow-sm">
              <div className="flex items-center justify-between gap-3">
                <span className="inline-flex size-10 items-center justify-center rounded-xl bg-brand-soft text-brand-fg">
                  <Icon className="size-5" aria-hidden />
                </span>
                <span className="flex items-center gap-1.5">
                  <span className="rounded-full bg-positive-soft px-2.5 py-1 text-xs font-semibold text-positive-strong">Available</span>
                  <span className="tabular rounded-full bg-surface-subtle px-2.5 py-1 text-xs font-semibold text-fg-secondary">
                    {formatCostMt(a.costMt)} {a.costMt === 1000 ? 'token' : 'tokens'}
                  </span>
                </span>
              </div>
              <h3 className="mt-4 text-lg font-semibold text-fg">{a.name}</h3>
              <p className="mt-1.5 text-sm leading-relaxed text-fg-muted">{a.summary}</p>
              <ul className="mt-4 space-y-1.5 border-t border-border-subtle pt-4 text-sm text-fg-secondary">
                {a.computes.map((c) => (
                  <li key={c} className="flex gap-2">
                    <span className="mt-2 size-1.5 shrink-0 rounded-full bg-fg-subtle" aria-hidden />
                    <span>{c}</span>
                  </li>
                ))}
              </ul>
            </li>
          );
        })}
      </ul>
      <div className="mt-4 flex flex-col gap-4 rounded-2xl border border-border bg-surface p-5 shadow-sm sm:flex-row sm:items-center">
        <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-xl bg-inverse text-on-inverse">
          <MessageSquareText className="size-5" aria-hidden />
        </span>
        <div className="min-w-0 flex-1">
          <h3 className="text-lg font-semibold text-fg">
            AI Copilot <span className="ml-1 rounded-full bg-positive-soft px-2.5 py-1 align-middle text-xs font-semibold text-positive-strong">Available</span>
          </h3>
          <p className="mt-1 text-sm leading-relaxed text-fg-muted">
            Ask in plain words — “How did AAPL do over the last 6 months?”, “Compare KO and PEP dividend yield”, “What is the Altman Z-score?” — and the copilot
            answers with the same tools the analyses use, citing each figure it looked up. Without a language model configured, an offline copilot answers a
            documented set of questions and says plainly when it cannot (free).
          </p>
        </div>
        <span className="tabular self-start rounded-full bg-surface-subtle px-2.5 py-1 text-xs font-semibold text-fg-secondary sm:self-center">
          {formatCostMt(COPILOT_COST_MT)} tokens a question
        </span>
      </div>
    </Section>
  );
}

function Method() {
  const steps: Array<[string, string, string]> = [
    [
      '1',
      'Real data in',
      `Fundamentals from SEC EDGAR company filings (10-K, 10-Q) and daily prices for ${STOCK_COUNT} large US stocks and ${ETF_COUNT} ETFs, snapshot as of ${DATA_SNAPSHOT_DATE}.`,
    ],
    [
      '2',
      'Numbers from code',
      'Ratios, scores and models — Piotroski F-score, Altman Z, RSI, MACD, DCF — are computed by tested code. Each result is a fact with a label, unit, period, source and date.',
    ],
    [
      '3',
      'Words from the writer',
      'A rule-based writer explains those facts, or a language model when one is configured, and every note says which. A number the model writes that is not among the facts gets its draft rejected, so it cannot invent one.',
    ],
  ];
  return (
    <Section
      id="method"
      tone="dark"
      eyebrow="How the analyses work"
      title="Numbers from code, words from the writer"
      lead="AI is good at explaining and bad at arithmetic. So Stockpilot never lets it do the arithmetic."
    >
      <ol className="grid gap-4 md:grid-cols-3">
        {steps.map(([n, title, text]) => (
          <li key={n} className="rounded-2xl border border-border bg-surface-subtle/60 p-6">
            <span className="inline-flex size-8 items-center justify-center rounded-full bg-brand text-sm font-bold text-fg">{n}</span>
            <h3 className="mt-4 text-lg font-semibold text-fg">{title}</h3>
            <p className="mt-2 text-sm leading-relaxed text-fg-subtle">{text}</p>
          </li>
        ))}
      </ol>
    </Section>
  );
}

function Trust() {
  return (
    <Section id="trust" eyebrow="Trust" title="Sources shown, limits stated">
      <div className="grid gap-4 md:grid-cols-2">
        <div className="rounded-2xl border border-border bg-surface p-6 shadow-sm">
          <Database className="size-6 text-brand-fg" aria-hidden />
          <h3 className="mt-3 text-lg font-semibold text-fg">Where the numbers come from</h3>
          <ul className="mt-3 space-y-2 text-sm leading-relaxed text-fg-muted">
            <li>
              <strong className="font-medium text-fg">SEC EDGAR</strong> — financial statements as companies filed them with the US Securities and Exchange
              Commission.
            </li>
            <li>
              <strong className="font-medium text-fg">Daily prices</strong> — end-of-day closes and volumes for {STOCK_COUNT} large US stocks and {ETF_COUNT}{' '}
              ETFs.
            </li>
            <li>
              <strong className="font-medium text-fg">Snapshot as of {DATA_SNAPSHOT_DATE}</strong> — prices are not real-time; every fact carries the date it is
              as of.
            </li>
          </ul>
        </div>
        <div className="rounded-2xl border border-border bg-surface p-6 shadow-sm">
          <ShieldCheck className="size-6 text-brand-fg" aria-hidden />
          <h3 className="mt-3 text-lg font-semibold text-fg">What Stockpilot is not</h3>
          <ul className="mt-3 space-y-2 text-sm leading-relaxed text-fg-muted">
            <li>
              <strong className="font-medium text-fg">Not investment advice.</strong> Analyses are educational; they do not know your situation and do not tell
              you to buy or sell.
            </li>
            <li>
              <strong className="font-medium text-fg">Not a broker.</strong> We never hold your money or your shares.
            </li>
            <li>
              <strong className="font-medium text-fg">Not a black box.</strong> Each figure shows its formula inputs, period and source, so you can check it
              yourself.
            </li>
          </ul>
        </div>
      </div>
    </Section>
  );
}

function FaqTeaser() {
  return (
    <Section id="faq" tone="white" eyebrow="FAQ" title="Questions people ask first">
      <div className="grid gap-3 lg:grid-cols-2">
        <Faq question="Do tokens expire?">
          Purchased tokens never expire. Your monthly allowance ({ALLOWANCES} tokens) is used first and renews at the start of each billing period.
        </Faq>
        <Faq question="What happens if an analysis fails?">
          Nothing is charged. The cost is only held while the analysis runs and is released automatically if it does not finish.
        </Faq>
        <Faq question="Which stocks can I analyse?">
          {STOCK_COUNT} large US stocks and {ETF_COUNT} widely held ETFs. Search by ticker or company name once you are signed in.
        </Faq>
        <Faq question="Is this investment advice?">
          No. Stockpilot explains what the data says about a company; decisions, and their risks, stay yours. Read our{' '}
          <Link to="/terms-of-service" className="font-medium text-brand-fg underline">
            terms
          </Link>
          .
        </Faq>
      </div>
      <p className="mt-6 text-sm text-fg-muted">
        More answers on the{' '}
        <Link to="/pricing" className="font-medium text-brand-fg underline">
          pricing page
        </Link>
        , or{' '}
        <Link to="/contact" className="font-medium text-brand-fg underline">
          ask us
        </Link>
        .
      </p>
    </Section>
  );
}

function FinalCta() {
  const { user } = useAuth();
  return (
    <section aria-labelledby="cta-heading" className="px-4 py-14 sm:px-6 sm:py-20">
      <div className="mx-auto flex max-w-4xl flex-col items-center rounded-3xl dark bg-surface px-6 py-12 text-center sm:px-12">
        <h2 id="cta-heading" className="text-2xl font-bold tracking-tight text-fg sm:text-3xl">
          {user ? 'Pick a stock and see its numbers' : `Your first ${freeTokens} tokens are on us`}
        </h2>
        <p className="mt-3 max-w-xl text-fg-subtle">
          {user
            ? 'Prices, statements and ETF data with the source of every figure, and analyses that explain them: choose one on any symbol page.'
            : `Enough for ${countRuns(freeTokens, getActionCostMt('overview'))} quick overviews or ${countRuns(freeTokens, getActionCostMt('fundamental'))} full fundamental analyses a month on the Free plan.`}
        </p>
        <div className="mt-8">
          <HeroActions />
        </div>
      </div>
    </section>
  );
}

export default function Home() {
  useEffect(() => {
    document.title = 'Stockpilot · AI-assisted stock analysis, paid per use';
  }, []);
  return (
    <>
      <Hero />
      <Stats />
      <AvailableNow />
      <Analyses />
      <Method />
      <HomeTokens />
      <Trust />
      <FaqTeaser />
      <FinalCta />
    </>
  );
}
