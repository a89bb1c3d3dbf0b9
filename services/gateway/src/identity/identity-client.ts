import { AppError, clientErrorOf, GATEWAY_PRINCIPAL, postInternal, type InternalAnswer } from "@rebound/platform";
import type { ServiceLink } from "../routing/upstream";

/** What the gateway needs to know of a user to start a session; the rest is passed to the client as is. */
export interface IdentityUser {
  id: string;
  email: string;
  [field: string]: unknown;
}

/** Identity's internal API, as the gateway uses it (sign-up goes through billing, the saga's owner). */
export interface IdentityClient {
  login(body: unknown, requestId?: string): Promise<IdentityUser>;
  changePassword(userId: string, body: unknown, requestId?: string): Promise<{ message: string }>;
  resetPassword(body: unknown, requestId?: string): Promise<{ message: string; userId: string }>;
}

const TIMEOUT_MS = 15_000;

/**
 * Client of identity's `/internal/identity/*` API (the kit's postInternal, signed as the gateway)
 * through identity's link: its router in this process (standalone) or its URL (distributed); the
 * same code path either way, and services never import each other.
 */
export function createIdentityClient(link: ServiceLink | undefined, secret: string): IdentityClient {
  const call = async <T>(path: string, body: unknown, requestId?: string): Promise<T> => {
    const answer = await postInternal(link?.send, `/internal/identity${path}`, body, {
      caller: GATEWAY_PRINCIPAL,
      secret,
      requestId,
      timeoutMs: TIMEOUT_MS,
      unavailableMessage: "Service temporarily unavailable. Please try again.",
    });
    if (!answer.ok) throw upstreamError(answer);
    return answer.payload as T;
  };
  return {
    login: (body, requestId) => call("/login", body, requestId),
    changePassword: (userId, body, requestId) => call(`/users/${encodeURIComponent(userId)}/change-password`, body, requestId),
    resetPassword: (body, requestId) => call("/reset-password", body, requestId),
  };
}

/** Identity's `{message, code, errors}` becomes the same AppError here, so the client sees identity's answer. */
function upstreamError(answer: InternalAnswer): AppError {
  return clientErrorOf(answer) ?? new AppError("UPSTREAM_FAILED", "Something went wrong. Please try again.");
}
