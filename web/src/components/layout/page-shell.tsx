import type { ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';
import { type PageHeader, usePageHeader } from './page-header.tsx';

/** Standard page frame: sets the top-bar header and renders an h1 with an optional lead paragraph. */
export function PageShell({
  title,
  lead,
  header,
  actions,
  width = 'default',
  children,
}: {
  title: string;
  lead?: ReactNode;
  header?: PageHeader;
  actions?: ReactNode;
  width?: 'narrow' | 'default' | 'wide';
  children?: ReactNode;
}) {
  usePageHeader({ title, ...header }, [title]);
  const max = width === 'narrow' ? 'max-w-md' : width === 'wide' ? 'max-w-7xl' : 'max-w-5xl';
  return (
    <div className={cn('mx-auto w-full px-4 py-8 sm:px-6 sm:py-12', max)}>
      <div className="mb-8 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-fg sm:text-3xl">{title}</h1>
          {lead && <p className="mt-2 max-w-2xl text-fg-muted">{lead}</p>}
        </div>
        {actions}
      </div>
      {children}
    </div>
  );
}
