import { parseInput } from "@rebound/platform";
import type { RequestHandler } from "express";
import type { TelephonyDeps } from "../telephony-deps";
import { areaCodeSchema } from "./search-numbers.schema";
import { searchNumbers } from "./search-numbers.use-case";

/** GET /api/phone-numbers/search/:areaCode */
export function searchNumbersRoute(deps: TelephonyDeps): RequestHandler {
  return async (req, res) => {
    const { areaCode } = parseInput(areaCodeSchema, req.params);
    res.json({ numbers: await searchNumbers(deps, areaCode) });
  };
}
