/** POST /internal/identity/reset-password: one copy in contracts, shared with the web app's form. */
export { resetPasswordSchema, type ResetPasswordInput } from "@rebound/contracts/domain";
