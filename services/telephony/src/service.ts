import { DurableSpool, loadConfig, type PlatformRuntime, type ServiceDefinition } from "@rebound/platform";
import { join } from "node:path";
import { secretBoxFromSettings } from "./domain/secret-box";
import { type TelephonyProvider } from "@rebound/providers/telephony";
import { telephonyConfigSchema, type TelephonyConfig, type TextingRegistrationProvider } from "@rebound/providers/telephony";
import { telephonyServiceConfigSchema, type TelephonyServiceConfig } from "./config";
import { ForwardingTestWaiters } from "./forwarding-test/forwarding-test-waiters";
import { telephonyRouter } from "./http/telephony-router";
import { DirectorySync } from "./read-model/directory-sync";
import { NumberDirectory } from "./read-model/number-directory";
import { onBusinessEventsHandler } from "./read-model/on-business-events.handler";
import { onEntitlementEventsHandler } from "./read-model/on-entitlement-events.handler";
import { onSubscriptionChangedHandler } from "./releases/on-subscription-changed.handler";
import { releaseJob } from "./releases/release-due-numbers.job";
import { BusinessDirectoryRepository } from "./store/business-directory.repository";
import { CallRepository } from "./store/call.repository";
import { EntitlementRepository } from "./store/entitlement.repository";
import { ForwardingTestRepository } from "./store/forwarding-test.repository";
import { ForwardingWatchdogRepository } from "./store/forwarding-watchdog.repository";
import { evaluateForwardingJob } from "./forwarding-watchdog/evaluate-forwarding.job";
import { runSelfTestsJob } from "./forwarding-watchdog/run-self-tests.job";
import { PhoneNumberRepository } from "./store/phone-number.repository";
import { ReleaseRepository } from "./store/release.repository";
import { createTelephonyDb } from "./store/telephony-db";
import { TextingAccountRepository } from "./store/texting-account.repository";
import { TextingRegistrationRepository } from "./store/texting-registration.repository";
import { VoicemailRepository } from "./store/voicemail.repository";
import { deleteExpiredVoicemailsJob } from "./voicemail/delete-expired-voicemails.job";
import { advanceTextingRegistrationsJob } from "./texting-registration/advance-texting-registrations.job";
import type { TelephonyDeps } from "./telephony-deps";

export { telephonyServiceConfigSchema } from "./config";
import { CallRecorder } from "./voice-webhook/call-recorder";
import { CallWatermarkRepository } from "./reconciliation/call-watermark.repository";
import { CallReconciler, reconcileCallsJob } from "./reconciliation/reconcile-calls.job";
import { drainCallSpool, type SpooledWebhook } from "./voice-webhook/call-spool";

export interface TelephonyServiceDeps {
  /** Twilio (main.ts) or, in development, the carrier simulator (main.dev.ts, standalone); the composition root picks it. */
  provider: TelephonyProvider;
  /**
   * The provider's texting registration side (A2P 10DLC: subaccounts, brand, campaign). Default: the
   * provider itself when it implements it (the carrier simulator); none: numbers stay in the main
   * account and the registration API answers 503.
   */
  registration?: TextingRegistrationProvider;
  /**
   * The composition root's telephony settings (the forwarding-test caller; whether Twilio is the provider and
   * texting registration is required); default: read from the environment.
   */
  telephony?: Pick<TelephonyConfig, "TWILIO_TEST_CALLER_NUMBER"> & Partial<Pick<TelephonyConfig, "TWILIO_ACCOUNT_SID" | "TEXTING_REGISTRATION_REQUIRED">>;
  /** Settings; missing keys come from the environment (telephonyServiceConfigSchema). */
  config?: Partial<TelephonyServiceConfig>;
  /** Our public URL when it is only known after start (tests on port 0); default PUBLIC_BASE_URL. */
  publicBaseUrl?: () => string;
  /** Where calls wait on disk while the database is unreachable; default DATA_DIR/spool/telephony-calls. */
  spoolDir?: string;
}

export type TelephonyService = ServiceDefinition & { deps: TelephonyDeps };

/**
 * Telephony: dedicated numbers (search, purchase, release), the voice webhook
 * that turns a forwarded missed call into CallMissed, voicemails (recording, transcript,
 * audio, retention), and the call forwarding test.
 */
export function createTelephonyService(runtime: PlatformRuntime, serviceDeps: TelephonyServiceDeps): TelephonyService {
  const config: TelephonyServiceConfig = { ...loadConfig(telephonyServiceConfigSchema), ...serviceDeps.config };
  const telephony = serviceDeps.telephony ?? loadConfig(telephonyConfigSchema);
  const logger = runtime.logger.child({ module: "telephony" });
  const db = createTelephonyDb(runtime);
  const repositories = {
    calls: new CallRepository(db),
    forwardingTests: new ForwardingTestRepository(db),
    watchdog: new ForwardingWatchdogRepository(db),
    phoneNumbers: new PhoneNumberRepository(db),
    releases: new ReleaseRepository(db),
    businesses: new BusinessDirectoryRepository(db),
    entitlements: new EntitlementRepository(db),
    textingAccounts: new TextingAccountRepository(db),
    textingRegistrations: new TextingRegistrationRepository(db),
    voicemails: new VoicemailRepository(db),
  };
  const twilio = telephony.TWILIO_ACCOUNT_SID !== undefined;
  // Refuses to start without TEXTING_SECRET_KEY in production and with Twilio (secret-box.ts).
  const secrets = secretBoxFromSettings({ key: config.TEXTING_SECRET_KEY, simulator: !twilio, nodeEnv: runtime.config.NODE_ENV });
  const { clock } = runtime;
  const base: Omit<TelephonyDeps, "reconciler"> = {
    db,
    ...repositories,
    provider: serviceDeps.provider,
    registration: serviceDeps.registration ?? (isTextingRegistrationProvider(serviceDeps.provider) ? serviceDeps.provider : undefined),
    secrets,
    textingRegistrationRequired: telephony.TEXTING_REGISTRATION_REQUIRED ?? true,
    config,
    testCallerNumber: telephony.TWILIO_TEST_CALLER_NUMBER,
    publicBaseUrl: serviceDeps.publicBaseUrl ?? (() => runtime.config.PUBLIC_BASE_URL),
    sync: new DirectorySync(
      repositories.phoneNumbers,
      repositories.businesses,
      repositories.entitlements,
      new NumberDirectory(),
      logger,
      repositories.textingRegistrations,
    ),
    recorder: new CallRecorder({ db, ...repositories, clock, config }),
    callSpool: new DurableSpool<SpooledWebhook>(serviceDeps.spoolDir ?? join(runtime.config.DATA_DIR, "spool", "telephony-calls"), logger),
    waiters: new ForwardingTestWaiters(),
    clock,
    logger,
  };
  const deps: TelephonyDeps = { ...base, reconciler: new CallReconciler(base, new CallWatermarkRepository(db)) };

  return {
    name: "telephony",
    router: telephonyRouter(deps, runtime.config.INTERNAL_AUTH_SECRET),
    deps,
    consumers: [onBusinessEventsHandler(deps), onSubscriptionChangedHandler(deps), onEntitlementEventsHandler(deps)],
    jobs: [
      releaseJob(deps),
      { name: "telephony:directory-refresh", intervalMs: config.DIRECTORY_REFRESH_MS, run: () => deps.sync.refresh() },
      advanceTextingRegistrationsJob(deps, config.TEXTING_REGISTRATION_TICK_MS ?? (twilio ? 5_000 : 1_000)),
      deleteExpiredVoicemailsJob(deps),
      { name: "telephony:drain-call-spool", intervalMs: config.TELEPHONY_SPOOL_DRAIN_INTERVAL_MS, run: () => drainCallSpool(deps) },
      reconcileCallsJob(deps.reconciler, config.TELEPHONY_RECONCILE_INTERVAL_MS),
      evaluateForwardingJob(deps),
      runSelfTestsJob(deps),
    ],
    start: () => deps.sync.load(),
    stop: () => deps.recorder.flush(),
  };
}

/** The carrier simulator is both providers in one object; Twilio's registration side is a separate adapter. */
function isTextingRegistrationProvider(provider: TelephonyProvider): provider is TelephonyProvider & TextingRegistrationProvider {
  const candidate = provider as Partial<TextingRegistrationProvider>;
  return typeof candidate.createSubaccount === "function" && typeof candidate.createBrand === "function" && typeof candidate.createCampaign === "function";
}
