import { currentUser, parseInput } from "@rebound/platform";
import type { RequestHandler } from "express";
import type { TelephonyDeps } from "../telephony-deps";
import { purchaseSchema } from "./purchase-number.schema";
import { purchaseNumber } from "./purchase-number.use-case";

/** POST /api/phone-numbers/purchase */
export function purchaseNumberRoute(deps: TelephonyDeps): RequestHandler {
  return async (req, res) => {
    const { phoneNumber } = parseInput(purchaseSchema, req.body ?? {});
    const purchased = await purchaseNumber(deps, currentUser(res).id, phoneNumber);
    res.status(201).json({
      success: true,
      message: "Phone number purchased successfully",
      phoneNumber: purchased.phoneNumber,
      purchasedAt: purchased.purchasedAt.toISOString(),
    });
  };
}
