/** SPEC §1: picture, else initials of first and last name, else first two letters of the e-mail upper-cased, else "U". */
export function getAvatarFallback(input: { firstName?: string | null; lastName?: string | null; email?: string | null }): string {
  const first = input.firstName?.trim() ?? '';
  const last = input.lastName?.trim() ?? '';
  if (first || last) return `${first.charAt(0)}${last.charAt(0)}`.toUpperCase();
  const email = input.email?.trim() ?? '';
  if (email) return email.slice(0, 2).toUpperCase();
  return 'U';
}
