/** POST /internal/identity/register: the sign-up form's rules (docs/product.md section 5), one copy in contracts, shared with the gateway and the web app. */
export { registerSchema, type RegisterInput } from "@rebound/contracts/domain";
