/**
 * The one form an e-mail address is stored, compared and keyed in: trimmed and lower-cased, so an
 * account's address is unique case-insensitively. Identity stores accounts by it and billing keys
 * sign-ups by it; both use this function so they cannot disagree.
 */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}
