import { jsonBody, requireUser } from "@rebound/platform";
import { Router } from "express";
import type { BusinessDeps } from "../business-deps";
import { getBusinessRoute } from "../get-business/get-business.route";
import { templatesRoute } from "../templates/templates.route";
import { updateProfileRoute } from "../update-profile/update-profile.route";
import { updateSettingsRoute } from "../update-settings/update-settings.route";

const BODY_LIMIT = "64kb";

/** Every route needs the signed-in user; the user id in the signed header is the tenant. */
export function createBusinessRouter(deps: BusinessDeps, internalAuthSecret: string): Router {
  const router = Router();
  const signedIn = requireUser(internalAuthSecret);
  // Scoped to this service's paths: in standalone every service's router sees every request.
  router.use("/api/business", jsonBody({ limit: BODY_LIMIT }));
  router.get("/api/business/templates", signedIn, templatesRoute());
  router.get("/api/business", signedIn, getBusinessRoute(deps));
  router.post("/api/business", signedIn, updateSettingsRoute(deps));
  router.patch("/api/business/profile", signedIn, updateProfileRoute(deps));
  return router;
}
