import { useLocation } from 'react-router';
import { ComingNext, PageShell } from '../../components/layout/page-shell.tsx';

const previews: Record<string, { title: string; lead: string; items: string[] }> = {
  '/advanced-fundamentals': { title: 'Advanced Fundamentals', lead: 'Deeper statement analysis.', items: ['Multi-year statements'] },
  '/smart-watchlist': { title: 'Smart Watchlist', lead: 'Watchlists that tell you what changed.', items: ['Watchlists'] },
  '/smart-yield': { title: 'Smart Yield', lead: 'Dividend income, analysed.', items: ['Dividend history'] },
  '/dcf-stock-valuation': { title: 'DCF Stock Valuation', lead: 'What a business is worth.', items: ['Two-stage DCF'] },
  '/advanced-market-screener': { title: 'Advanced Market Screener', lead: 'Filter the market.', items: ['Screener'] },
};

export default function FeaturePreview() {
  const { pathname } = useLocation();
  const p = previews[pathname] ?? previews['/advanced-fundamentals']!;
  return (
    <PageShell title={p.title} lead={p.lead}>
      <ComingNext items={p.items} />
    </PageShell>
  );
}
