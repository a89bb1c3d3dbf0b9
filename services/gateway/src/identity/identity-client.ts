import { AppError, type FieldError } from "@rebound/platform";
import type { ServiceLink } from "../routing/upstream";
import { clientErrorCode, postInternal, type InternalAnswer } from "./post-internal";

/** What the gateway needs to know of a user to start a session; the rest is passed to the client as is. */
export interface IdentityUser {
  id: string;
  email: string;
  [field: string]: unknown;
}

/** Identity's internal API, as the gateway uses it. */
export interface IdentityClient {
  login(body: unknown, requestId?: string): Promise<IdentityUser>;
  register(body: unknown, requestId?: string): Promise<IdentityUser>;
  changePassword(userId: string, body: unknown, requestId?: string): Promise<{ message: string }>;
  resetPassword(body: unknown, requestId?: string): Promise<{ message: string; userId: string }>;
}

const TIMEOUT_MS = 15_000;

/**
 * Client of identity's `/internal/identity/*` API, signed with the internal header, through
 * identity's link: its router in this process (standalone) or its URL (distributed); the same
 * code path either way, and services never import each other.
 */
export function createIdentityClient(link: ServiceLink | undefined, secret: string): IdentityClient {
  const call = async <T>(path: string, body: unknown, requestId?: string): Promise<T> => {
    const answer = await postInternal(link, `/internal/identity${path}`, body, {
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
    register: (body, requestId) => call("/register", body, requestId),
    changePassword: (userId, body, requestId) => call(`/users/${encodeURIComponent(userId)}/change-password`, body, requestId),
    resetPassword: (body, requestId) => call("/reset-password", body, requestId),
  };
}

/** Identity's `{message, code, errors}` becomes the same AppError here, so the client sees identity's answer. */
function upstreamError(answer: InternalAnswer): AppError {
  const { payload } = answer;
  const code = clientErrorCode(answer);
  if (!code) return new AppError("UPSTREAM_FAILED", "Something went wrong. Please try again.");
  const message = typeof payload.message === "string" ? payload.message : "Something went wrong. Please try again.";
  const fields = Array.isArray(payload.errors) ? (payload.errors as FieldError[]) : undefined;
  return new AppError(code, message, { fields });
}
