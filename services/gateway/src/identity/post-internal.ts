import { AppError, ERROR_STATUS, GATEWAY_PRINCIPAL, INTERNAL_USER_HEADER, signInternalUser, type ErrorCode } from "@rebound/platform";
import type { ServiceLink } from "../routing/upstream";

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
 * request id on, through the service's link: the same headers and body in process (standalone) and
 * over HTTP (distributed). No link, unreachable or timed out: 503 UNAVAILABLE.
 */
export async function postInternal(link: ServiceLink | undefined, path: string, body: unknown, options: PostInternalOptions): Promise<InternalAnswer> {
  if (!link) throw new AppError("UNAVAILABLE", options.unavailableMessage);
  let reply;
  try {
    reply = await link.send({
      path,
      headers: {
        "content-type": "application/json",
        [INTERNAL_USER_HEADER]: signInternalUser(GATEWAY_PRINCIPAL, options.secret),
        ...(options.requestId ? { "x-request-id": options.requestId } : {}),
      },
      body: JSON.stringify(body ?? {}),
      timeoutMs: options.timeoutMs,
    });
  } catch (error) {
    throw new AppError("UNAVAILABLE", options.unavailableMessage, { cause: error });
  }
  const ok = reply.status >= 200 && reply.status < 300;
  return { ok, status: reply.status, payload: parseObject(reply.text) };
}

function parseObject(text: string): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(text);
    return typeof parsed === "object" && parsed !== null ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** The service's own error code when it is one of ours and matches the status of a client error (so the client sees the service's answer). */
export function clientErrorCode({ status, payload }: InternalAnswer): ErrorCode | undefined {
  const code = typeof payload.code === "string" && payload.code in ERROR_STATUS ? (payload.code as ErrorCode) : undefined;
  return code && ERROR_STATUS[code] === status && status < 500 ? code : undefined;
}
