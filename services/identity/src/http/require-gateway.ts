import type { RequestHandler } from "express";
import { AppError, INTERNAL_USER_HEADER, verifyInternalUser } from "@rebound/platform";

/** The principal the gateway signs for its own calls to identity's internal API. */
export const GATEWAY_PRINCIPAL_ID = "service:gateway";

/** Internal routes answer only the gateway (HMAC-signed header); anyone else gets a 404, as if they did not exist. */
export function requireGateway(secret: string): RequestHandler {
  return (req, _res, next) => {
    const caller = verifyInternalUser(req.header(INTERNAL_USER_HEADER), secret);
    if (caller?.id !== GATEWAY_PRINCIPAL_ID) return next(new AppError("NOT_FOUND", "Not found"));
    next();
  };
}
