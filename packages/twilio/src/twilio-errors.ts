import { TelephonyProviderError } from "@rebound/providers/telephony";

/** Network failures worth another try: the request may not have reached Twilio, or Twilio did not answer in time. */
const RETRYABLE_NETWORK_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ECONNABORTED",
  "ETIMEDOUT",
  "EPIPE",
  "EAI_AGAIN",
  "ENOTFOUND",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ERR_SOCKET_CONNECTION_TIMEOUT",
]);

function field(error: unknown, name: string): unknown {
  return typeof error === "object" && error !== null && name in error ? (error as Record<string, unknown>)[name] : undefined;
}

/**
 * Maps what the SDK throws (RestException / TwilioServiceException with `status`
 * and Twilio's numeric `code`, or a network error with its socket `code`) to TelephonyProviderError:
 * retryable on 429, 5xx and network failures; `code` is Twilio's error code
 * (e.g. 21610) or, for network failures, the socket error code.
 */
export function toTelephonyProviderError(error: unknown, action: string): TelephonyProviderError {
  if (error instanceof TelephonyProviderError) return error;
  const status = field(error, "status");
  const message = typeof field(error, "message") === "string" ? String(field(error, "message")) : String(error);
  if (typeof status === "number") {
    const code = field(error, "code");
    return new TelephonyProviderError(`Twilio ${action} failed: ${message}`, {
      code: code === undefined || code === null ? undefined : String(code),
      httpStatus: status,
      retryable: status === 429 || status >= 500,
      cause: error,
    });
  }
  const networkCode = field(error, "code");
  const code = typeof networkCode === "string" ? networkCode : undefined;
  return new TelephonyProviderError(`Twilio ${action} failed: ${message}`, {
    code,
    // An HTTP-level failure without an answer from Twilio (axios) may succeed on another try; a bug will not.
    retryable: (code !== undefined && RETRYABLE_NETWORK_CODES.has(code)) || (field(error, "isAxiosError") === true && !field(error, "response")),
    cause: error,
  });
}
