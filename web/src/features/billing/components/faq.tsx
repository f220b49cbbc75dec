import { ChevronDown } from 'lucide-react';

export interface FaqItem {
  q: string;
  a: string;
}

/** Questions as native disclosure widgets: keyboard-usable without any script. */
export function Faq({ items, title = 'Frequently asked questions' }: { items: FaqItem[]; title?: string }) {
  return (
    <section aria-labelledby="faq-title" className="mt-12">
      <h2 id="faq-title" className="text-xl font-semibold tracking-tight text-fg">
        {title}
      </h2>
      <div className="mt-4 divide-y divide-border rounded-xl border border-border bg-surface">
        {items.map((item) => (
          <details key={item.q} className="group px-5 py-4">
            <summary className="flex cursor-pointer list-none items-center justify-between gap-4 font-medium text-fg">
              {item.q}
              <ChevronDown className="size-4 shrink-0 text-fg-subtle transition-transform group-open:rotate-180" aria-hidden />
            </summary>
            <p className="mt-2 text-sm leading-relaxed text-fg-muted">{item.a}</p>
          </details>
        ))}
      </div>
    </section>
  );
}
