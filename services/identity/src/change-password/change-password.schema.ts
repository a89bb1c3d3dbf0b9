/** POST /internal/identity/users/:userId/change-password: one copy in contracts, shared with the web app's form. */
export { changePasswordSchema, type ChangePasswordInput } from "@rebound/contracts/domain";
