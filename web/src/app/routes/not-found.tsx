import { ButtonLink } from '../../components/ui/button.tsx';
import { usePageHeader } from '../../components/layout/page-header.tsx';

export default function NotFound() {
  usePageHeader({ title: 'Page not found' });
  return (
    <div className="mx-auto flex max-w-lg flex-col items-center px-4 py-24 text-center">
      <p className="text-sm font-semibold text-brand-700">404</p>
      <h1 className="mt-2 text-3xl font-bold tracking-tight">Page not found</h1>
      <p className="mt-3 text-slate-600">The page you asked for does not exist or has moved.</p>
      <div className="mt-8 flex gap-3">
        <ButtonLink to="/">Go home</ButtonLink>
        <ButtonLink to="/search" variant="outline">
          Search stocks
        </ButtonLink>
      </div>
    </div>
  );
}
