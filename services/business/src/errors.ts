import { AppError } from "@rebound/platform";
import type { FieldIssue } from "./domain/settings-change";

/** 404 for a user without a business, and for any attempt to reach someone else's: ids never leak. */
export const businessNotFound = () => new AppError("NOT_FOUND", "Business not found");

export function validationFailed(issues: FieldIssue[]): AppError {
  return new AppError("VALIDATION_FAILED", issues[0]?.message ?? "Invalid request", { fields: issues });
}
