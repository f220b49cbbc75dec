import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { ButtonLink } from '../ui/button.tsx';
import { useCurrentPageHeader } from './page-header.tsx';
import { PrimaryNavLinks, PrimaryNavMenu } from './primary-nav.tsx';
import { ThemeToggle } from './theme-toggle.tsx';

function Logo({ compact = false }: { compact?: boolean }) {
  return (
    <Link to="/" className="flex shrink-0 items-center gap-2 font-semibold tracking-tight text-fg" aria-label="Stockpilot home">
      <img src="/favicon.svg" alt="" width={28} height={28} />
      <span className={compact ? 'hidden sm:inline' : ''}>Stockpilot</span>
    </Link>
  );
}

/** SPEC §1 top bar: logo, optional back button, title or stock header, the tools (primary-nav.tsx), user menu (or "Get Started"). */
export function TopNav({ userMenu }: { userMenu: ReactNode | null }) {
  const header = useCurrentPageHeader();
  const navigate = useNavigate();
  const back = header.back === true ? {} : header.back || null;
  return (
    <header className="sticky top-0 z-40 border-b border-border bg-surface/90 backdrop-blur">
      <nav className="mx-auto flex h-14 max-w-7xl items-center gap-0.5 px-2 min-[400px]:gap-2 min-[400px]:px-3 sm:h-16 sm:gap-4 sm:px-6" aria-label="Main">
        <Logo compact />
        {back && (
          <button
            type="button"
            onClick={() => (back.to ? navigate(back.to) : navigate(-1))}
            className="inline-flex items-center gap-1 rounded-md px-2 py-1 text-sm text-fg-muted hover:bg-surface-subtle"
          >
            <ArrowLeft className="size-4" aria-hidden />
            <span className="hidden sm:inline">{back.label ?? 'Back'}</span>
            <span className="sr-only sm:hidden">{back.label ?? 'Back'}</span>
          </button>
        )}
        {/* Clipped, never spilling over the buttons beside it when a phone is too narrow for all of it. */}
        <div className="min-w-0 flex-1 overflow-hidden">
          {header.stock ?? (header.title ? <p className="truncate text-sm font-medium text-fg-secondary sm:text-base">{header.title}</p> : null)}
        </div>
        <PrimaryNavLinks />
        <PrimaryNavMenu />
        <ThemeToggle />
        {userMenu ?? (
          <ButtonLink to="/login" size="sm">
            Get Started
          </ButtonLink>
        )}
      </nav>
    </header>
  );
}
