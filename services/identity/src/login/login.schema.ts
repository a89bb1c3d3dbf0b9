/** POST /internal/identity/login: the login rules (docs/product.md section 5), one copy in contracts, shared with the gateway and the web app. */
export { loginSchema, type LoginInput } from "@rebound/contracts/domain";
