/** PATCH /api/user/profile: one copy in contracts, shared with the web app's profile form. */
export { profileSchema, type ProfileInput } from "@rebound/contracts/domain";
