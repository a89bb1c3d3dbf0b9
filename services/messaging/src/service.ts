import { isWithheldCallerId } from "@rebound/contracts/domain";
import { DurableSpool, loadConfig, type PlatformRuntime, type ServiceDefinition } from "@rebound/platform";
import { join } from "node:path";
import { type TelephonyProvider } from "@rebound/providers/telephony";
import { type Mailer } from "@rebound/providers/mail";
import { InboundWatermarkRepository } from "./reconciliation/inbound-watermark.repository";
import { InboundSmsReconciler, reconcileInboundSmsJob } from "./reconciliation/reconcile-inbound-sms.job";
import { telephonyConfigSchema, type TelephonyConfig } from "@rebound/providers/telephony";
import { messagingConfigSchema, type MessagingConfig } from "./config";
import {
  CONVERSATION_STREAM_KEEPALIVE_MS,
  CONVERSATION_STREAM_POLL_MS,
  ConversationStreams,
  type ConversationStreamOptions,
} from "./conversations/conversation-streams";
import { onConversationEventsHandler } from "./conversations/on-conversation-events.handler";
import { onCallMissedHandler } from "./dispatch-missed-call/on-call-missed.handler";
import { messagingRouter } from "./http/messaging-router";
import type { MessagingDeps } from "./messaging-deps";
import { drainWebhookSpool, type SpooledWebhook } from "./webhook-spool/webhook-spool";
import { forwardToOwners } from "./owner-alerts/forward-to-owner.job";
import { onVoicemailEventsHandler } from "./owner-alerts/on-voicemail-events.handler";
import { sendOwnerAlerts } from "./owner-alerts/send-owner-alerts.job";
import { LINE_TYPE_TTL_MS, LineTypeLookup } from "./line-types/line-type-lookup";
import { DispatchReadModel } from "./read-model/dispatch-read-model";
import { onConfigEventsHandler } from "./read-model/on-config-events.handler";
import { ReadModelLoader } from "./read-model/read-model-loader";
import { AcceptanceWaiters } from "./send-sms/acceptance-waiters";
import { recordSendResult } from "./send-sms/record-send-result.use-case";
import { recoverUnsent } from "./send-sms/recover-unsent.job";
import { renewSendLeases } from "./send-sms/renew-send-leases.job";
import { SentTexts } from "./send-sms/sent-texts";
import { SmsSender } from "./send-sms/sms-sender";
import { BusinessConfigRepository } from "./store/business-config.repository";
import { CallerStateRepository } from "./store/caller-state.repository";
import { ConsentLogRepository } from "./store/consent-log.repository";
import { ConversationRepository } from "./store/conversation.repository";
import { DispatchRepository } from "./store/dispatch.repository";
import { InboundSmsRepository } from "./store/inbound-sms.repository";
import { createMessagingDb } from "./store/messaging-db";
import { OwnerAlertRepository } from "./store/owner-alert.repository";
import { RegistrationEmailRepository } from "./store/registration-email.repository";
import { ForwardingEmailRepository } from "./store/forwarding-email.repository";
import { sendForwardingEmails } from "./owner-alerts/send-forwarding-emails.job";
import { SmsLogRepository } from "./store/sms-log.repository";
import { sendRegistrationEmails } from "./texting-registration/send-registration-emails.job";

export interface MessagingServiceDeps {
  provider: TelephonyProvider;
  mailer: Mailer;
  /** The composition root's telephony settings (the send rate); default: read from the environment. */
  telephony?: Pick<TelephonyConfig, "SMS_MESSAGES_PER_SECOND"> &
    Partial<Pick<TelephonyConfig, "TWILIO_LOOKUP_ENABLED" | "TWILIO_LOOKUP_TIMEOUT_MS" | "TEXTING_REGISTRATION_REQUIRED">>;
  /** Overrides of the MESSAGING_* settings (tests); the rest comes from the environment. */
  config?: Partial<MessagingConfig>;
  /** The inbox stream's poll and keepalive periods (tests); default 500 ms and 15 s. */
  conversationStream?: Partial<ConversationStreamOptions>;
  /** Our public URL for status callbacks and e-mail links, when only known after start (port 0); default PUBLIC_BASE_URL. */
  publicBaseUrl?: () => string;
  /** Where webhooks wait on disk while the database is unreachable; default DATA_DIR/spool/messaging-webhooks. */
  spoolDir?: string;
}

export const MESSAGING_JOBS = {
  recoverUnsent: "messaging.recover-unsent",
  refreshReadModel: "messaging.refresh-read-model",
  ownerAlerts: "messaging.owner-alerts",
  renewSendLeases: "messaging.renew-send-leases",
  registrationEmails: "messaging.registration-emails",
  forwardingEmails: "messaging.forwarding-emails",
  inboxForwards: "messaging.inbox-forwards",
  webhookSpool: "messaging.drain-webhook-spool",
} as const;

/**
 * Messaging: the missed-call text-back (hot path), status callbacks, inbound SMS and
 * opt-outs, owner alerts, the owner's inbox (docs/conversations.md). See docs/architecture.md
 * section 5 and services/messaging/README.md.
 */
/** The service, with its inbound reconciler (tests run it directly). */
export type MessagingService = ServiceDefinition & { reconciler: InboundSmsReconciler; deps: MessagingDeps };

export function createMessagingService(runtime: PlatformRuntime, serviceDeps: MessagingServiceDeps): MessagingService {
  const config = { ...loadConfig(messagingConfigSchema), ...serviceDeps.config };
  const telephony = serviceDeps.telephony ?? loadConfig(telephonyConfigSchema);
  const publicBaseUrl = serviceDeps.publicBaseUrl ?? (() => runtime.config.PUBLIC_BASE_URL);
  const { clock } = runtime;
  const logger = runtime.logger.child({ service: "messaging" });
  const db = createMessagingDb(runtime);
  const readModel = new DispatchReadModel();
  const configs = new BusinessConfigRepository(db);
  const callers = new CallerStateRepository(db);
  const smsLogs = new SmsLogRepository(db);
  const alerts = new OwnerAlertRepository(db);
  const consentLog = new ConsentLogRepository(db);
  const repositories = {
    configs,
    callers,
    smsLogs,
    alerts,
    consentLog,
    registrationEmails: new RegistrationEmailRepository(db),
    forwardingEmails: new ForwardingEmailRepository(db),
    dispatches: new DispatchRepository(db),
    inbound: new InboundSmsRepository(db),
    webhookSpool: new DurableSpool<SpooledWebhook>(serviceDeps.spoolDir ?? join(runtime.config.DATA_DIR, "spool", "messaging-webhooks"), logger),
    conversations: new ConversationRepository(db),
  };

  const acceptances = new AcceptanceWaiters();
  const sentTexts = new SentTexts();
  const sender = new SmsSender(
    {
      provider: serviceDeps.provider,
      smsLogs,
      logger,
      recordResult: (outcome) => recordSendResult({ db, smsLogs, callers, consentLog, alerts, readModel, clock, sentTexts }, outcome),
      resultsIdle: () => db.groupCommitIdle(),
      acceptances,
      senderAccountOf: (businessId) => {
        const business = readModel.business(businessId);
        return { accountSid: business?.accountSid, messagingServiceSid: business?.messagingServiceSid };
      },
    },
    {
      messagesPerSecond: telephony.SMS_MESSAGES_PER_SECOND,
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
  const streams = new ConversationStreams(repositories.conversations, logger, {
    pollMs: serviceDeps.conversationStream?.pollMs ?? CONVERSATION_STREAM_POLL_MS,
    keepaliveMs: serviceDeps.conversationStream?.keepaliveMs ?? CONVERSATION_STREAM_KEEPALIVE_MS,
  });
  const deps: MessagingDeps = {
    db,
    ...repositories,
    streams,
    readModel,
    loader: new ReadModelLoader(readModel, configs, callers, clock),
    sender,
    acceptances,
    sentTexts,
    lineTypes: new LineTypeLookup(
      serviceDeps.provider,
      {
        enabled: telephony.TWILIO_LOOKUP_ENABLED ?? false,
        timeoutMs: telephony.TWILIO_LOOKUP_TIMEOUT_MS ?? 1_500,
        ttlMs: LINE_TYPE_TTL_MS,
        maxEntries: 100_000,
      },
      clock,
      logger,
    ),
    mailer: serviceDeps.mailer,
    clock,
    logger,
    settings: {
      leaseMs,
      unknownBusinessWaitMs: config.MESSAGING_UNKNOWN_BUSINESS_WAIT_MS,
      ownerAlertMinGapMs: config.MESSAGING_OWNER_ALERT_MIN_GAP_MS,
      dashboardUrl: () => `${publicBaseUrl()}/dashboard`,
      plansUrl: () => `${publicBaseUrl()}/billing`,
      setupUrl: () => `${publicBaseUrl()}/app/setup`,
      testUrl: () => `${publicBaseUrl()}/app/test`,
      // A withheld caller has no thread (docs/conversations.md): their voicemail links to the inbox.
      threadUrl: (conversationId, callerNumber) =>
        isWithheldCallerId(callerNumber) || conversationId === "" ? `${publicBaseUrl()}/app/inbox` : `${publicBaseUrl()}/app/inbox/${conversationId}`,
      voicemailTranscriptWaitMs: config.MESSAGING_VOICEMAIL_TRANSCRIPT_WAIT_MS,
      textMaxAgeMs: config.MESSAGING_TEXT_MAX_AGE_MS,
      inboxForwardMinGapMs: config.MESSAGING_INBOX_FORWARD_MIN_GAP_MS,
      // Telephony's setting (its voice answer foresees the same suppression): one name, one schema.
      textingRegistrationRequired: telephony.TEXTING_REGISTRATION_REQUIRED ?? true,
    },
  };

  const reconciler = new InboundSmsReconciler(deps, serviceDeps.provider, new InboundWatermarkRepository(db), {
    lookbackMs: config.MESSAGING_RECONCILE_LOOKBACK_MS,
    settleMs: config.MESSAGING_RECONCILE_SETTLE_MS,
    maxNumbers: config.MESSAGING_RECONCILE_MAX_NUMBERS,
  });

  return {
    name: "messaging",
    reconciler,
    deps,
    router: messagingRouter(deps, runtime.config.INTERNAL_AUTH_SECRET),
    consumers: [onConfigEventsHandler(deps), onCallMissedHandler(deps), onConversationEventsHandler(deps), onVoicemailEventsHandler(deps)],
    jobs: [
      {
        name: MESSAGING_JOBS.recoverUnsent,
        intervalMs: config.MESSAGING_RECOVERY_INTERVAL_MS,
        run: async () => void (await recoverUnsent(deps, false)),
      },
      // Three renewals per lease: a replica that dies stops renewing, and its texts are taken over within a lease.
      { name: MESSAGING_JOBS.renewSendLeases, intervalMs: Math.floor(leaseMs / 3), run: async () => void (await renewSendLeases(deps)) },
      { name: MESSAGING_JOBS.refreshReadModel, intervalMs: config.MESSAGING_READ_MODEL_REFRESH_MS, run: () => deps.loader.refresh() },
      { name: MESSAGING_JOBS.ownerAlerts, intervalMs: config.MESSAGING_OWNER_ALERT_INTERVAL_MS, run: async () => void (await sendOwnerAlerts(deps)) },
      {
        name: MESSAGING_JOBS.registrationEmails,
        intervalMs: config.MESSAGING_OWNER_ALERT_INTERVAL_MS,
        run: async () => void (await sendRegistrationEmails(deps)),
      },
      {
        name: MESSAGING_JOBS.forwardingEmails,
        intervalMs: config.MESSAGING_OWNER_ALERT_INTERVAL_MS,
        run: async () => void (await sendForwardingEmails(deps)),
      },
      { name: MESSAGING_JOBS.webhookSpool, intervalMs: config.MESSAGING_SPOOL_DRAIN_INTERVAL_MS, run: () => drainWebhookSpool(deps) },
      { name: MESSAGING_JOBS.inboxForwards, intervalMs: config.MESSAGING_INBOX_FORWARD_INTERVAL_MS, run: async () => void (await forwardToOwners(deps)) },
      reconcileInboundSmsJob(reconciler, config.MESSAGING_RECONCILE_INTERVAL_MS),
    ],
    start: async () => {
      await deps.loader.loadAll();
      // PGlite admits one process per data folder: at start, every unfinished text is ours.
      await recoverUnsent(deps, runtime.database.kind === "pglite");
    },
    stop: async () => {
      streams.closeAll();
      await sender.stop();
    },
  };
}
