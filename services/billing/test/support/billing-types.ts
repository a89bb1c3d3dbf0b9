import type { BillingResponse } from "@rebound/contracts/domain";

export type { BillingResponse };
export const DAY_MS = 24 * 60 * 60 * 1000;
export const DAY_S = 24 * 60 * 60;
