import type { HTMLAttributes } from 'react';
import { cn } from '../../lib/cn.ts';

export const Card = ({ className, ...rest }: HTMLAttributes<HTMLDivElement>) => (
  <div className={cn('rounded-xl border border-border bg-surface shadow-sm', className)} {...rest} />
);
export const CardHeader = ({ className, ...rest }: HTMLAttributes<HTMLDivElement>) => (
  <div className={cn('flex flex-col gap-1 p-5 pb-3', className)} {...rest} />
);
export const CardTitle = ({ className, ...rest }: HTMLAttributes<HTMLHeadingElement>) => (
  <h2 className={cn('text-lg font-semibold tracking-tight', className)} {...rest} />
);
export const CardDescription = ({ className, ...rest }: HTMLAttributes<HTMLParagraphElement>) => (
  <p className={cn('text-sm text-fg-subtle', className)} {...rest} />
);
export const CardContent = ({ className, ...rest }: HTMLAttributes<HTMLDivElement>) => <div className={cn('p-5 pt-0', className)} {...rest} />;
