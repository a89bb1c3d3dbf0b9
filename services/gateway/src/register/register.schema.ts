/** POST /api/register: the sign-up rules (docs/product.md section 5), one copy in contracts shared with identity and the web app; checked here before the card is charged, again by identity. */
export { registerSchema, type RegisterInput } from "@rebound/contracts/domain";
