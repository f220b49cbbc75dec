import { ANALYSIS_DISCLAIMER } from '../../../../core/analysis/analysis-names.ts';
import { Link } from 'react-router';

const links: Array<[string, string]> = [
  ['/about', 'About'],
  ['/pricing', 'Pricing'],
  ['/track-record', 'Track record'],
  ['/api-docs', 'API'],
  ['/contact', 'Contact'],
  ['/terms-of-service', 'Terms'],
  ['/privacy-policy', 'Privacy'],
];

export function Footer() {
  return (
    <footer className="mt-16 border-t border-border bg-surface">
      <div className="mx-auto flex max-w-7xl flex-col gap-4 px-4 py-8 text-sm text-fg-subtle sm:flex-row sm:items-center sm:justify-between sm:px-6">
        <p>
          © {new Date().getFullYear()} Stockpilot. {ANALYSIS_DISCLAIMER}
        </p>
        <ul className="flex flex-wrap gap-x-4 gap-y-2">
          {links.map(([to, label]) => (
            <li key={to}>
              <Link to={to} className="hover:text-fg">
                {label}
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </footer>
  );
}
