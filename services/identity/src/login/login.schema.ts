/** POST /internal/identity/login: the spec's login rules (section 5), one copy in contracts, shared with the gateway and the web app. */
export { loginSchema, type LoginInput } from "@rebound/contracts/domain";
