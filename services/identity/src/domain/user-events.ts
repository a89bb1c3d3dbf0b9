import { timestampFromDate, type EventPayloadInit } from "@rebound/contracts";
import type { UserRecord } from "./user";

export function profileChanged(user: UserRecord, at: Date): EventPayloadInit<"UserProfileChanged"> {
  return {
    userId: user.id,
    email: user.email,
    firstName: user.firstName ?? "",
    lastName: user.lastName ?? "",
    isEmailVerified: user.isEmailVerified,
    changedAt: timestampFromDate(at),
  };
}

export function emailVerified(user: UserRecord, at: Date): EventPayloadInit<"EmailVerified"> {
  return { userId: user.id, email: user.email, verifiedAt: timestampFromDate(at) };
}
