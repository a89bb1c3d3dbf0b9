import { loadConfig, type PlatformRuntime, type ServiceDefinition, type TelephonyProvider } from "@rebound/platform";
import { Router } from "express";
import { businessEventsConsumer } from "./business-events/business-events.handler";
import { telephonyServiceConfigSchema, type TelephonyServiceConfig } from "./config";
import { DirectorySync } from "./directory/directory-sync";
import { NumberDirectory } from "./directory/number-directory";
import { forwardingTestRouter } from "./forwarding-test/forwarding-test.route";
import { ForwardingTestWaiters } from "./forwarding-test/forwarding-test-waiters";
import { phoneNumbersRouter } from "./phone-numbers/phone-numbers.route";
import { releaseJob } from "./releases/release-due-numbers.job";
import { subscriptionConsumer } from "./releases/subscription-changed.handler";
import { createTelephonyDb } from "./store/telephony-db";
import type { TelephonyContext } from "./telephony-context";
import { CallRecorder } from "./voice-webhook/call-recorder";
import { voiceWebhookRouter } from "./voice-webhook/voice-webhook.route";

export interface TelephonyServiceDeps {
  /** Twilio or the carrier simulator (the composition root picks it; see platform's createTelephonyProvider). */
  provider: TelephonyProvider;
  /** Settings; missing keys come from the environment (telephonyServiceConfigSchema). */
  config?: Partial<TelephonyServiceConfig>;
  /** Our public URL when it is only known after start (tests on port 0); default PUBLIC_BASE_URL. */
  publicBaseUrl?: () => string;
}

export type TelephonyService = ServiceDefinition & { context: TelephonyContext };

/**
 * Telephony: dedicated numbers (search, purchase, release), the voice webhook
 * that turns a forwarded missed call into CallMissed, and the call forwarding test.
 */
export function createTelephonyService(runtime: PlatformRuntime, deps: TelephonyServiceDeps): TelephonyService {
  const config: TelephonyServiceConfig = { ...loadConfig(telephonyServiceConfigSchema), ...deps.config };
  const logger = runtime.logger.child({ module: "telephony" });
  const db = createTelephonyDb(runtime);
  const sync = new DirectorySync(db, new NumberDirectory(), logger);
  const context: TelephonyContext = {
    db,
    provider: deps.provider,
    config,
    publicBaseUrl: deps.publicBaseUrl ?? (() => runtime.config.PUBLIC_BASE_URL),
    sync,
    waiters: new ForwardingTestWaiters(),
    clock: runtime.clock,
    logger,
  };
  const recorder = new CallRecorder(context);
  const secret = runtime.config.INTERNAL_AUTH_SECRET;

  const router = Router();
  router.use(voiceWebhookRouter(context, recorder));
  router.use(phoneNumbersRouter(context, secret));
  router.use(forwardingTestRouter(context, secret));

  return {
    name: "telephony",
    router,
    context,
    consumers: [businessEventsConsumer(context), subscriptionConsumer(context)],
    jobs: [
      releaseJob(context),
      { name: "telephony:directory-refresh", intervalMs: config.DIRECTORY_REFRESH_MS, run: () => sync.refresh() },
    ],
    start: () => sync.load(),
    stop: () => recorder.flush(),
  };
}
