/** POST /api/login: the login rules (docs/product.md section 5), one copy in contracts shared with identity and the web app; checked here to key the per-account rate limit, again by identity. */
export { loginSchema, type LoginInput } from "@rebound/contracts/domain";
