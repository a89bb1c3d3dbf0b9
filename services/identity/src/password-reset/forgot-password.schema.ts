/** POST /api/auth/forgot-password: one copy in contracts, shared with the web app's form. */
export { forgotPasswordSchema, type ForgotPasswordInput } from "@rebound/contracts/domain";
