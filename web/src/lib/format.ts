/** Token balances are always shown with 3 decimals (SPEC §9). */
export const formatTokens = (tokens: number) => tokens.toLocaleString('en-US', { minimumFractionDigits: 3, maximumFractionDigits: 3 });

export const formatUsd = (cents: number) =>
  (cents / 100).toLocaleString('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: cents % 100 === 0 ? 0 : 2 });

export const formatDate = (iso: string | null | undefined) =>
  iso ? new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' }) : '—';

/** A calendar day (YYYY-MM-DD, a data day) as written: Aug 2, 2026, whatever the reader's time zone. */
export const formatDay = (day: string | null | undefined) =>
  day ? new Date(`${day}T00:00:00Z`).toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' }) : '—';
