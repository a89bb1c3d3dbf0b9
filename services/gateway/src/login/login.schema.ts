/** POST /api/login: the spec's login rules (section 5), one copy in contracts shared with identity and the web app; checked here to key the per-account rate limit, again by identity. */
export { loginSchema, type LoginInput } from "@rebound/contracts/domain";
