/**
 * PDF export's product facts (issue 26): a PDF is ~50–100 ms of CPU and free, so one account may ask for
 * only so many a minute. The server enforces it (and names it in the 429), docs/analysis-export.md states it.
 */
export const PDF_EXPORT_LIMIT = {
  /** PDFs one user may export in a fixed minute; the next is 429 RATE_LIMITED with Retry-After. */
  perMinute: 30,
  windowSeconds: 60,
} as const;
