import { smsStatusCallbackCarriesNews } from "@rebound/contracts/domain";

/** The services behind the gateway. */
export const SERVICE_NAMES = ["identity", "business", "telephony", "messaging", "billing", "analytics"] as const;
export type ServiceName = (typeof SERVICE_NAMES)[number];

export interface Route {
  /** Matches the path itself and everything below it (`/api/billing` matches `/api/billing/cancel`). */
  prefix: string;
  service: ServiceName;
  /** Reachable without a session. Everything else under /api needs one. */
  public?: boolean;
  /** Signed Twilio webhook: X-Twilio-Signature is verified before it is forwarded. */
  twilio?: boolean;
  /** Proxy timeout in distributed mode when the default (DEFAULT_PROXY_TIMEOUT_MS) is too short for the route. */
  timeoutMs?: number;
  /**
   * What the caller gets when the service cannot be reached (no ready replica, refused, timed out):
   * `voice-answer` is a spoken TwiML answer instead of an error, because Twilio never retries a voice
   * webhook and would play "an application error has occurred" (the call itself is recovered by
   * telephony's reconciliation with the provider).
   */
  unreachable?: "voice-answer";
  /**
   * A request the gateway answers itself (204, after its signature check) because the service would
   * do nothing with it: a hop saved, not a decision taken (the service applies the same rule).
   */
  answeredAtEdge?: (body: unknown) => boolean;
}

/**
 * An SMS status callback whose status changes nothing (accepted, queued, sending, sent: two of a
 * text's three callbacks). One without a status still goes through: messaging logs it.
 */
export function statusCallbackWithoutNews(body: unknown): boolean {
  const status = (body as { MessageStatus?: unknown } | undefined)?.MessageStatus;
  return typeof status === "string" && status.trim() !== "" && !smsStatusCallbackCarriesNews(status);
}

/** How long the gateway waits for a service's answer in distributed mode. */
export const DEFAULT_PROXY_TIMEOUT_MS = 30_000;

/**
 * The forwarding test answers when the test call ends: it rings up to
 * FORWARDING_TEST_RING_SECONDS (default 35) and waits up to FORWARDING_TEST_WINDOW_SECONDS
 * (default 45, at most 120) for the outcome, so the proxy waits longer than the largest window.
 */
export const FORWARDING_TEST_PROXY_TIMEOUT_MS = 130_000;

/** The inbox's event stream stays open while the owner's page is: the proxy does not cut it. */
export const CONVERSATION_STREAM_PROXY_TIMEOUT_MS = 24 * 60 * 60 * 1000;

/** Twilio gives a voice webhook 15 s: the gateway answers for telephony well before that. */
export const VOICE_WEBHOOK_PROXY_TIMEOUT_MS = 10_000;

/**
 * Every public path (docs/product.md section 7) and its owning service. The gateway's
 * own endpoints (login, register, logout, change and reset password) come first and
 * are not in this table. Standalone mounts the services in process; distributed
 * proxies by this table (docs/architecture.md).
 */
export const ROUTE_TABLE: readonly Route[] = [
  { prefix: "/api/auth/verify-email", service: "identity", public: true },
  { prefix: "/api/auth/forgot-password", service: "identity", public: true },
  { prefix: "/api/auth", service: "identity" },
  { prefix: "/api/user", service: "identity" },
  { prefix: "/api/business", service: "business" },
  { prefix: "/api/phone-numbers", service: "telephony" },
  { prefix: "/api/test/call-forwarding", service: "telephony", timeoutMs: FORWARDING_TEST_PROXY_TIMEOUT_MS },
  // The forwarding watchdog: the status card and the weekly self-test (docs/forwarding-watchdog.md).
  { prefix: "/api/forwarding", service: "telephony" },
  // US texting registration (A2P 10DLC): the owner's card, signed in.
  { prefix: "/api/texting-registration", service: "telephony" },
  // The local payment provider's card form (Stripe.js's part): used on sign-up, before the account exists.
  { prefix: "/api/billing/local", service: "billing", public: true },
  { prefix: "/api/billing", service: "billing" },
  // The sign-up page asks for the payment setup before the account exists.
  { prefix: "/api/create-payment-intent", service: "billing", public: true },
  { prefix: "/api/create-subscription", service: "billing" },
  { prefix: "/api/analytics", service: "analytics" },
  // The owner's inbox (docs/conversations.md); the stream is server-sent events, open as long as the page is.
  { prefix: "/api/conversations/stream", service: "messaging", timeoutMs: CONVERSATION_STREAM_PROXY_TIMEOUT_MS },
  { prefix: "/api/conversations", service: "messaging" },
  // A voicemail's audio, fetched from the provider for the signed-in owner.
  { prefix: "/api/voicemails", service: "telephony" },
  // The owner's consent log export (opt-outs and opt-ins, CSV).
  { prefix: "/api/messaging", service: "messaging" },
  {
    prefix: "/webhooks/twilio/voice",
    service: "telephony",
    public: true,
    twilio: true,
    timeoutMs: VOICE_WEBHOOK_PROXY_TIMEOUT_MS,
    unreachable: "voice-answer",
  },
  // The outcome of a forwarding test call (and of other calls telephony places).
  { prefix: "/webhooks/twilio/call-status", service: "telephony", public: true, twilio: true },
  // Voicemail: the <Record> action, the recording status and the transcription callbacks.
  { prefix: "/webhooks/twilio/voicemail", service: "telephony", public: true, twilio: true },
  { prefix: "/webhooks/twilio/recording", service: "telephony", public: true, twilio: true },
  { prefix: "/webhooks/twilio/transcription", service: "telephony", public: true, twilio: true },
  { prefix: "/webhooks/twilio/sms", service: "messaging", public: true, twilio: true },
  { prefix: "/webhooks/twilio/status", service: "messaging", public: true, twilio: true, answeredAtEdge: statusCallbackWithoutNews },
  { prefix: "/webhooks/stripe", service: "billing", public: true },
  { prefix: "/dev/simulator", service: "telephony", public: true },
  { prefix: "/dev/mailbox", service: "identity", public: true },
];

export function matchRoute(path: string, table: readonly Route[] = ROUTE_TABLE): Route | undefined {
  return table.find((route) => path === route.prefix || path.startsWith(`${route.prefix}/`));
}
