/** A new verification link is valid 24 hours; a reset link 1 hour (docs/product.md section 9). */
export const VERIFICATION_TTL_MS = 24 * 60 * 60_000;
export const RESET_TTL_MS = 60 * 60_000;

export function expiresAt(now: Date, ttlMs: number): Date {
  return new Date(now.getTime() + ttlMs);
}

export function isExpired(expires: Date | null, now: Date): boolean {
  return expires === null || expires.getTime() <= now.getTime();
}
