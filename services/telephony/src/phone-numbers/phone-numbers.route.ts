import { currentUser, parseInput, requireUser } from "@rebound/platform";
import express, { Router } from "express";
import { z } from "zod";
import { normalizePhoneNumber } from "../domain/phone-numbers";
import type { TelephonyContext } from "../telephony-context";
import { purchaseNumber } from "./purchase-number.use-case";
import { searchNumbers } from "./search-numbers.use-case";

const AREA_CODE_MESSAGE = "Please enter a valid 3-digit area code";

export const areaCodeSchema = z.object({ areaCode: z.string().regex(/^\d{3}$/, AREA_CODE_MESSAGE) });

export const purchaseSchema = z.object({
  phoneNumber: z
    .string({ error: "Phone number is required" })
    .trim()
    .min(1, "Phone number is required")
    .transform((value, ctx) => {
      const normalized = normalizePhoneNumber(value);
      if (!normalized) {
        ctx.addIssue({ code: "custom", message: "Please enter a valid phone number" });
        return z.NEVER;
      }
      return normalized;
    }),
});

/** GET /api/phone-numbers/search/:areaCode and POST /api/phone-numbers/purchase. */
export function phoneNumbersRouter(context: TelephonyContext, internalAuthSecret: string): Router {
  const router = Router();
  const auth = requireUser(internalAuthSecret);

  router.get("/api/phone-numbers/search/:areaCode", auth, async (req, res) => {
    const { areaCode } = parseInput(areaCodeSchema, req.params);
    res.json({ numbers: await searchNumbers(context, areaCode) });
  });

  router.post("/api/phone-numbers/purchase", auth, express.json(), async (req, res) => {
    const { phoneNumber } = parseInput(purchaseSchema, req.body ?? {});
    const purchased = await purchaseNumber(context, currentUser(res).id, phoneNumber);
    res.status(201).json({
      success: true,
      message: "Phone number purchased successfully",
      phoneNumber: purchased.phoneNumber,
      purchasedAt: purchased.purchasedAt.toISOString(),
    });
  });

  return router;
}
