import { AppError, ERROR_STATUS, INTERNAL_USER_HEADER, signInternalUser, type ErrorCode, type FieldError } from "@rebound/platform";

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

/** The gateway's own identity towards services' internal APIs (identity checks this id). */
export const GATEWAY_PRINCIPAL = { id: "service:gateway", email: "gateway@rebound.internal" };

const TIMEOUT_MS = 15_000;

/**
 * HTTP client of identity's `/internal/identity/*` API, signed with the internal
 * header. `baseUrl` is identity's URL in distributed mode, or this very process in
 * standalone (same code path, services never import each other). Node's fetch keeps
 * connections alive.
 */
export function createHttpIdentityClient(baseUrl: () => string, secret: string): IdentityClient {
  const call = async <T>(path: string, body: unknown, requestId?: string): Promise<T> => {
    let response: Response;
    try {
      response = await fetch(`${baseUrl()}/internal/identity${path}`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          [INTERNAL_USER_HEADER]: signInternalUser(GATEWAY_PRINCIPAL, secret),
          ...(requestId ? { "x-request-id": requestId } : {}),
        },
        body: JSON.stringify(body ?? {}),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (error) {
      throw new AppError("UNAVAILABLE", "Service temporarily unavailable. Please try again.", { cause: error });
    }
    const payload = (await response.json().catch(() => ({}))) as Record<string, unknown>;
    if (!response.ok) throw upstreamError(response.status, payload);
    return payload as T;
  };
  return {
    login: (body, requestId) => call("/login", body, requestId),
    register: (body, requestId) => call("/register", body, requestId),
    changePassword: (userId, body, requestId) => call(`/users/${encodeURIComponent(userId)}/change-password`, body, requestId),
    resetPassword: (body, requestId) => call("/reset-password", body, requestId),
  };
}

/** Identity's `{message, code, errors}` becomes the same AppError here, so the client sees identity's answer. */
function upstreamError(status: number, payload: Record<string, unknown>): AppError {
  const code = typeof payload.code === "string" && payload.code in ERROR_STATUS ? (payload.code as ErrorCode) : undefined;
  const message = typeof payload.message === "string" ? payload.message : "Something went wrong. Please try again.";
  const fields = Array.isArray(payload.errors) ? (payload.errors as FieldError[]) : undefined;
  if (code && ERROR_STATUS[code] === status && status < 500) return new AppError(code, message, { fields });
  return new AppError("UPSTREAM_FAILED", "Something went wrong. Please try again.");
}
