/** Token balances are always shown with 3 decimals (SPEC §9). */
export const formatTokens = (tokens: number) => tokens.toLocaleString('en-US', { minimumFractionDigits: 3, maximumFractionDigits: 3 });

export const formatUsd = (cents: number) =>
  (cents / 100).toLocaleString('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: cents % 100 === 0 ? 0 : 2 });

export const formatDate = (iso: string | null | undefined) =>
  iso ? new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' }) : '—';
