/**
 * "This browser is signed in": a non-secret cookie the web app can read (the session cookie is
 * httpOnly), so a visitor's page does not ask GET /api/auth/user only to be told 401. It carries
 * no identity and grants nothing; the session cookie stays the only proof. The session middleware
 * sets it beside the session cookie (same expiry, always after it) and clears it once the session
 * is gone (signed out, expired, ended by a password reset).
 */
export const SIGNED_IN_HINT_COOKIE = "rebound.signed-in";
