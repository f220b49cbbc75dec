import { Check } from 'lucide-react';
import { availableNow } from './product-facts.ts';
import { Section } from './section.tsx';

/** What a signed-in user can use today: the data, the analyses and the token plans. */
export function AvailableNow() {
  return (
    <Section
      id="now"
      tone="white"
      eyebrow="Available now"
      title="Real data, each figure with its source"
      lead="Sign up free and look up any covered stock or ETF. Browsing the data costs no tokens."
    >
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {availableNow.map((f) => (
          <li key={f.title} className="rounded-2xl border border-border p-5">
            <h3 className="flex items-center gap-2 font-semibold text-fg">
              <Check className="size-4 text-brand-fg" aria-hidden />
              {f.title}
            </h3>
            <p className="mt-1.5 text-sm leading-relaxed text-fg-muted">{f.detail}</p>
          </li>
        ))}
      </ul>
    </Section>
  );
}
