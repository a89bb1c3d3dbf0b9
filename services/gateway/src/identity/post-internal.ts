import { AppError, ERROR_STATUS, INTERNAL_USER_HEADER, signInternalUser, type ErrorCode } from "@rebound/platform";

/** The gateway's own identity towards services' internal APIs (identity checks this id). */
export const GATEWAY_PRINCIPAL = { id: "service:gateway", email: "gateway@rebound.internal" };

export interface InternalAnswer {
  ok: boolean;
  status: number;
  /** The JSON body, or {} when there was none. */
  payload: Record<string, unknown>;
}

export interface PostInternalOptions {
  secret: string;
  requestId?: string;
  timeoutMs: number;
  /** The 503's message when the service cannot be reached. */
  unavailableMessage: string;
}

/**
 * POSTs JSON to a service's internal API as the gateway (the signed internal header), passing the
 * request id on. Node's fetch keeps connections alive. Unreachable or timed out: 503 UNAVAILABLE.
 */
export async function postInternal(url: string, body: unknown, options: PostInternalOptions): Promise<InternalAnswer> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        [INTERNAL_USER_HEADER]: signInternalUser(GATEWAY_PRINCIPAL, options.secret),
        ...(options.requestId ? { "x-request-id": options.requestId } : {}),
      },
      body: JSON.stringify(body ?? {}),
      signal: AbortSignal.timeout(options.timeoutMs),
    });
  } catch (error) {
    throw new AppError("UNAVAILABLE", options.unavailableMessage, { cause: error });
  }
  const payload = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  return { ok: response.ok, status: response.status, payload };
}

/** The service's own error code when it is one of ours and matches the status of a client error (so the client sees the service's answer). */
export function clientErrorCode({ status, payload }: InternalAnswer): ErrorCode | undefined {
  const code = typeof payload.code === "string" && payload.code in ERROR_STATUS ? (payload.code as ErrorCode) : undefined;
  return code && ERROR_STATUS[code] === status && status < 500 ? code : undefined;
}
