/** POST /api/auth/verify-email: one copy in contracts, shared with the web app's verify page. */
export { verifyEmailSchema } from "@rebound/contracts/domain";
