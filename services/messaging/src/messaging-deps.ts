// What messaging's use cases, handlers and jobs receive: built once in service.ts.
import type { Clock, DurableSpool, Logger } from "@rebound/platform";
import type { SpooledWebhook } from "./webhook-spool/webhook-spool";
import type { Mailer } from "@rebound/providers/mail";
import type { ConversationStreams } from "./conversations/conversation-streams";
import type { LineTypeLookup } from "./line-types/line-type-lookup";
import type { DispatchReadModel } from "./read-model/dispatch-read-model";
import type { ReadModelLoader } from "./read-model/read-model-loader";
import type { SentTexts } from "./send-sms/sent-texts";
import type { AcceptanceWaiters } from "./send-sms/acceptance-waiters";
import type { SmsSender } from "./send-sms/sms-sender";
import type { BusinessConfigRepository } from "./store/business-config.repository";
import type { CallerStateRepository } from "./store/caller-state.repository";
import type { ConversationRepository } from "./store/conversation.repository";
import type { ConsentLogRepository } from "./store/consent-log.repository";
import type { DispatchRepository } from "./store/dispatch.repository";
import type { InboundSmsRepository } from "./store/inbound-sms.repository";
import type { MessagingDb } from "./store/messaging-db";
import type { OwnerAlertRepository } from "./store/owner-alert.repository";
import type { RegistrationEmailRepository } from "./store/registration-email.repository";
import type { ForwardingEmailRepository } from "./store/forwarding-email.repository";
import type { SmsLogRepository } from "./store/sms-log.repository";

export interface MessagingDeps {
  db: MessagingDb;
  configs: BusinessConfigRepository;
  callers: CallerStateRepository;
  /** Append-only: every opt-out and opt-in (the owner's CSV export). */
  consentLog: ConsentLogRepository;
  dispatches: DispatchRepository;
  smsLogs: SmsLogRepository;
  alerts: OwnerAlertRepository;
  /** The owner's texting registration e-mails, one per (registration, status). */
  registrationEmails: RegistrationEmailRepository;
  /** The owner's forwarding watchdog e-mails, one per ForwardingStatusChanged that asks for one. */
  forwardingEmails: ForwardingEmailRepository;
  inbound: InboundSmsRepository;
  /** SMS webhooks and status callbacks kept on disk while the database was unreachable (webhook-spool.ts). */
  webhookSpool: DurableSpool<SpooledWebhook>;
  /** The owner's inbox: a projection of telephony's and messaging's events (docs/conversations.md). */
  conversations: ConversationRepository;
  /** The inbox's open event streams (GET /api/conversations/stream). */
  streams: ConversationStreams;
  /** The dispatch config in memory (the hot path decides from it without I/O). */
  readModel: DispatchReadModel;
  loader: ReadModelLoader;
  sender: SmsSender;
  /** Where a status callback waits (bounded) for the recording of the send it is about. */
  acceptances: AcceptanceWaiters;
  /** Texts this process handed to the provider, by sid (status callbacks write their event with the status). */
  sentTexts: SentTexts;
  /** The optional line type check before a text (TWILIO_LOOKUP_ENABLED). */
  lineTypes: LineTypeLookup;
  mailer: Mailer;
  clock: Clock;
  logger: Logger;
  settings: MessagingSettings;
}

export interface MessagingSettings {
  /** A text's send lease (renewed every third of it while the send is in flight). */
  leaseMs: number;
  /** How long a call for a business the read model does not know yet waits for its events. */
  unknownBusinessWaitMs: number;
  /** At most one owner alert e-mail per business per this many ms. */
  ownerAlertMinGapMs: number;
  dashboardUrl: () => string;
  /** Billing & Plans, where an owner without a subscription chooses a plan (owner alerts link to it). */
  plansUrl: () => string;
  /** The dashboard's Setup section, where the owner finishes the texting registration (e-mails link to it). */
  setupUrl: () => string;
  /** The dashboard's Test screen, where the owner tests call forwarding (forwarding e-mails link to it). */
  testUrl: () => string;
  /** The inbox thread of a caller (its list when the caller has no thread: caller id withheld). */
  threadUrl: (conversationId: string, callerNumber: string) => string;
  /** A voicemail waits this long for its transcript before the owner hears of it without one. */
  voicemailTranscriptWaitMs: number;
  /** At most one text to the owner's mobile per conversation per this many ms. */
  inboxForwardMinGapMs: number;
  /** MESSAGING_TEXT_MAX_AGE_MS: a call older than this when decided is not texted; the owner is told to call back. */
  textMaxAgeMs: number;
  /** TEXTING_REGISTRATION_REQUIRED: US callers of a business not registered yet are not texted (decide). */
  textingRegistrationRequired: boolean;
}
