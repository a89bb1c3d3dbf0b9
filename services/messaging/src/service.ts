import { loadConfig, type Mailer, type PlatformRuntime, type ServiceDefinition, type TelephonyProvider } from "@rebound/platform";
import { Router } from "express";
import { messagesPerSecond, messagingConfigSchema, type MessagingConfig } from "./config";
import { DispatchMissedCall } from "./dispatch-missed-call/dispatch-missed-call.use-case";
import { onCallMissedConsumer } from "./dispatch-missed-call/on-call-missed.handler";
import { HandleInboundSms } from "./inbound-sms/handle-inbound-sms.use-case";
import { inboundSmsRouter } from "./inbound-sms/inbound-sms.route";
import { SendOwnerAlerts } from "./owner-alerts/send-owner-alerts.job";
import { dispatchConfigConsumer } from "./read-model/dispatch-config.consumer";
import { DispatchReadModel } from "./read-model/dispatch-read-model";
import { ReadModelLoader } from "./read-model/read-model-loader";
import { RecoverUnsent } from "./send-sms/recover-unsent";
import { RenewSendLeases } from "./send-sms/renew-send-leases";
import { SendResultRecorder } from "./send-sms/send-result.recorder";
import { SmsSender } from "./send-sms/sms-sender";
import { RecordStatus } from "./status-callback/record-status.use-case";
import { statusCallbackRouter } from "./status-callback/status-callback.route";
import { BusinessConfigRepository } from "./store/business-config.repository";
import { CallerStateRepository } from "./store/caller-state.repository";
import { InboundSmsRepository } from "./store/inbound-sms.repository";
import { DispatchRepository } from "./store/dispatch.repository";
import { createMessagingDb } from "./store/messaging-db";
import { OwnerAlertRepository } from "./store/owner-alert.repository";
import { SmsLogRepository } from "./store/sms-log.repository";

export interface MessagingDeps {
  provider: TelephonyProvider;
  mailer: Mailer;
  /** Overrides of the MESSAGING_* settings (tests); the rest comes from the environment. */
  config?: Partial<MessagingConfig>;
  /** Our public URL for status callbacks and e-mail links, when only known after start (port 0); default PUBLIC_BASE_URL. */
  publicBaseUrl?: () => string;
}

export const MESSAGING_JOBS = {
  recoverUnsent: "messaging.recover-unsent",
  refreshReadModel: "messaging.refresh-read-model",
  ownerAlerts: "messaging.owner-alerts",
  renewSendLeases: "messaging.renew-send-leases",
} as const;

/**
 * Messaging: the missed-call text-back (hot path), status callbacks, inbound SMS and
 * opt-outs, owner alerts. See ARCHITECTURE.md section 6 and services/messaging/README.md.
 */
export function createMessagingService(runtime: PlatformRuntime, deps: MessagingDeps): ServiceDefinition {
  const config = { ...loadConfig(messagingConfigSchema), ...deps.config };
  const publicBaseUrl = deps.publicBaseUrl ?? (() => runtime.config.PUBLIC_BASE_URL);
  const { clock } = runtime;
  const logger = runtime.logger.child({ service: "messaging" });
  const db = createMessagingDb(runtime);
  const readModel = new DispatchReadModel();
  const configs = new BusinessConfigRepository();
  const callers = new CallerStateRepository();
  const smsLogs = new SmsLogRepository();
  const alerts = new OwnerAlertRepository();
  const loader = new ReadModelLoader(db, readModel, configs, callers, clock);

  const recorder = new SendResultRecorder({ db, smsLogs, callers, alerts, readModel, clock });
  const sender = new SmsSender(
    { provider: deps.provider, recorder, smsLogs, db, logger },
    {
      messagesPerSecond: messagesPerSecond(config, deps.provider),
      retry: {
        maxAttempts: config.MESSAGING_SEND_MAX_ATTEMPTS,
        baseDelayMs: config.MESSAGING_SEND_BACKOFF_MS,
        maxDelayMs: config.MESSAGING_SEND_BACKOFF_MAX_MS,
      },
      timeoutMs: config.MESSAGING_SEND_TIMEOUT_MS,
      statusCallbackUrl: () => `${publicBaseUrl()}/webhooks/twilio/status`,
    },
  );
  const leaseMs = config.MESSAGING_SEND_LEASE_MS;
  const recovery = new RecoverUnsent({ db, smsLogs, sender, clock, logger, leaseMs });
  const renewLeases = new RenewSendLeases({ db, smsLogs, sender, clock, leaseMs });
  const dispatch = new DispatchMissedCall({
    db,
    readModel,
    loader,
    dispatches: new DispatchRepository(),
    sender,
    clock,
    leaseMs,
    unknownBusinessWaitMs: config.MESSAGING_UNKNOWN_BUSINESS_WAIT_MS,
  });
  const recordStatus = new RecordStatus({ db, smsLogs, callers, readModel, sender, clock, logger });
  const inbound = new HandleInboundSms({ db, readModel, inbound: new InboundSmsRepository(), callers, smsLogs, clock, logger });
  const ownerAlerts = new SendOwnerAlerts({
    db,
    alerts,
    readModel,
    mailer: deps.mailer,
    clock,
    logger,
    minGapMs: config.MESSAGING_OWNER_ALERT_MIN_GAP_MS,
    dashboardUrl: () => `${publicBaseUrl()}/dashboard`,
  });

  const router = Router();
  router.use(statusCallbackRouter(recordStatus));
  router.use(inboundSmsRouter(inbound));

  return {
    name: "messaging",
    router,
    consumers: [dispatchConfigConsumer({ db, readModel, configs }), onCallMissedConsumer(dispatch)],
    jobs: [
      {
        name: MESSAGING_JOBS.recoverUnsent,
        intervalMs: config.MESSAGING_RECOVERY_INTERVAL_MS,
        run: async () => void (await recovery.run(false)),
      },
      // Three renewals per lease: a replica that dies stops renewing, and its texts are taken over within a lease.
      { name: MESSAGING_JOBS.renewSendLeases, intervalMs: Math.floor(leaseMs / 3), run: async () => void (await renewLeases.run()) },
      { name: MESSAGING_JOBS.refreshReadModel, intervalMs: config.MESSAGING_READ_MODEL_REFRESH_MS, run: () => loader.refresh() },
      { name: MESSAGING_JOBS.ownerAlerts, intervalMs: config.MESSAGING_OWNER_ALERT_INTERVAL_MS, run: async () => void (await ownerAlerts.run()) },
    ],
    start: async () => {
      await loader.loadAll();
      // PGlite admits one process per data folder: at start, every unfinished text is ours.
      await recovery.run(runtime.database.kind === "pglite");
    },
    stop: () => sender.stop(),
  };
}
