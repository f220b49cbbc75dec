import { createContext, type ReactNode, useContext, useEffect, useState } from 'react';

export interface PageHeader {
  /** Page title shown in the top bar (ignored when `stock` is given). */
  title?: string;
  /** Back button: true for the default ("Back", one page back), or a custom label and target. */
  back?: boolean | { label?: string; to?: string };
  /** A stock header (symbol, company, price, change) rendered in the bar instead of the title. */
  stock?: ReactNode;
}

const Ctx = createContext<{ header: PageHeader; setHeader: (h: PageHeader) => void } | null>(null);

export function PageHeaderProvider({ children }: { children: ReactNode }) {
  const [header, setHeader] = useState<PageHeader>({});
  return <Ctx.Provider value={{ header, setHeader }}>{children}</Ctx.Provider>;
}

export function useCurrentPageHeader(): PageHeader {
  return useContext(Ctx)?.header ?? {};
}

/** Declares what the top bar shows for the current page; cleared when the page unmounts. Also sets document.title. */
export function usePageHeader(header: PageHeader, deps: unknown[] = []) {
  const ctx = useContext(Ctx);
  // biome-ignore-start lint/correctness/useExhaustiveDependencies: callers pass the deps that change the header (its objects are new on every render)
  useEffect(() => {
    ctx?.setHeader(header);
    if (header.title) document.title = `${header.title} · Stockpilot`;
    return () => ctx?.setHeader({});
  }, deps);
  // biome-ignore-end lint/correctness/useExhaustiveDependencies: -
}
