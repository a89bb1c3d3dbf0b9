import { create, fromBinary, toBinary, type DescMessage, type MessageInitShape, type MessageShape } from "@bufbuild/protobuf";
import * as billing from "./gen/rebound/billing/v1/events_pb";
import * as business from "./gen/rebound/business/v1/events_pb";
import * as identity from "./gen/rebound/identity/v1/events_pb";
import * as messaging from "./gen/rebound/messaging/v1/events_pb";
import * as telephony from "./gen/rebound/telephony/v1/events_pb";

/**
 * One topic per producing service, and telephony's calls on one of their own: every call's events would otherwise
 * be fetched, decoded and committed by each group that reads telephony's rare events (numbers, registrations,
 * forwarding, voicemails) and ignores the calls (docs/decisions.md, "CPU per call"). The calls topic carries only
 * what every call publishes: a group that reads it pays for every call, so a rare event never goes there.
 */
export const TOPICS = {
  identity: "rebound.identity.v1",
  business: "rebound.business.v1",
  telephony: "rebound.telephony.v1",
  calls: "rebound.calls.v1",
  messaging: "rebound.messaging.v1",
  billing: "rebound.billing.v1",
} as const;

export type Topic = (typeof TOPICS)[keyof typeof TOPICS];

/** Where a handler that keeps failing sends the record, with the failure in its headers. */
export const DEAD_LETTER_TOPIC = "rebound.deadletter.v1";

const entry = <S extends DescMessage, T extends Topic>(schema: S, topic: T) => ({ schema, topic });

/** Event type name -> protobuf schema and topic. The type name is the `event-type` header. */
export const EVENT_REGISTRY = {
  UserRegistered: entry(identity.UserRegisteredSchema, TOPICS.identity),
  EmailVerified: entry(identity.EmailVerifiedSchema, TOPICS.identity),
  UserProfileChanged: entry(identity.UserProfileChangedSchema, TOPICS.identity),
  BusinessCreated: entry(business.BusinessCreatedSchema, TOPICS.business),
  BusinessSettingsUpdated: entry(business.BusinessSettingsUpdatedSchema, TOPICS.business),
  BusinessProfileUpdated: entry(business.BusinessProfileUpdatedSchema, TOPICS.business),
  PhoneNumberPurchased: entry(telephony.PhoneNumberPurchasedSchema, TOPICS.telephony),
  PhoneNumberReleased: entry(telephony.PhoneNumberReleasedSchema, TOPICS.telephony),
  CallReceived: entry(telephony.CallReceivedSchema, TOPICS.calls),
  CallMissed: entry(telephony.CallMissedSchema, TOPICS.calls),
  ForwardingTestCompleted: entry(telephony.ForwardingTestCompletedSchema, TOPICS.telephony),
  TextingRegistrationChanged: entry(telephony.TextingRegistrationChangedSchema, TOPICS.telephony),
  VoicemailRecorded: entry(telephony.VoicemailRecordedSchema, TOPICS.telephony),
  VoicemailTranscribed: entry(telephony.VoicemailTranscribedSchema, TOPICS.telephony),
  VoicemailDeleted: entry(telephony.VoicemailDeletedSchema, TOPICS.telephony),
  ForwardingStatusChanged: entry(telephony.ForwardingStatusChangedSchema, TOPICS.telephony),
  InboundSmsReceived: entry(messaging.InboundSmsReceivedSchema, TOPICS.messaging),
  SmsQueued: entry(messaging.SmsQueuedSchema, TOPICS.messaging),
  SmsSent: entry(messaging.SmsSentSchema, TOPICS.messaging),
  SmsStatusChanged: entry(messaging.SmsStatusChangedSchema, TOPICS.messaging),
  SmsSuppressed: entry(messaging.SmsSuppressedSchema, TOPICS.messaging),
  CallerOptedOut: entry(messaging.CallerOptedOutSchema, TOPICS.messaging),
  CallerOptedIn: entry(messaging.CallerOptedInSchema, TOPICS.messaging),
  ConversationRead: entry(messaging.ConversationReadSchema, TOPICS.messaging),
  ConversationOutcomeSet: entry(messaging.ConversationOutcomeSetSchema, TOPICS.messaging),
  SubscriptionChanged: entry(billing.SubscriptionChangedSchema, TOPICS.billing),
} as const;

export type EventType = keyof typeof EVENT_REGISTRY;
type SchemaOf<T extends EventType> = (typeof EVENT_REGISTRY)[T]["schema"];
export type EventPayload<T extends EventType> = MessageShape<SchemaOf<T>>;
export type EventPayloadInit<T extends EventType> = MessageInitShape<SchemaOf<T>>;

export function isEventType(value: string): value is EventType {
  return Object.prototype.hasOwnProperty.call(EVENT_REGISTRY, value);
}

export function topicOf(type: EventType): Topic {
  return EVENT_REGISTRY[type].topic;
}

/**
 * Where a type was published before it moved to its topic of today. A replay from offset zero reads there too
 * (topicsOf) and finds the old records; a live consumer reads there when its bus may hold unread ones (the
 * embedded log always; Kafka during a rollout from a release before the move, KAFKA_READ_FORMER_TOPICS).
 */
const FORMER_TOPICS: Partial<Record<EventType, Topic>> = {
  CallReceived: TOPICS.telephony,
  CallMissed: TOPICS.telephony,
  // Back on telephony's topic after a release on the calls topic (before it, they were here too, so a replay of
  // both topics finds every voicemail event): messaging's owner-alerts group, which wants only these and the
  // forwarding watchdog's changes, fetched every call's records to find them.
  VoicemailRecorded: TOPICS.calls,
  VoicemailTranscribed: TOPICS.calls,
  VoicemailDeleted: TOPICS.calls,
};

/** The topic `type` was published on before it moved, if it moved. */
export function formerTopicOf(type: EventType): Topic | undefined {
  return FORMER_TOPICS[type];
}

/** Every topic a replay of `type` reads: today's, and the one it moved from. */
export function topicsOf(type: EventType): Topic[] {
  const former = FORMER_TOPICS[type];
  return former ? [topicOf(type), former] : [topicOf(type)];
}

export function createPayload<T extends EventType>(type: T, init: EventPayloadInit<T>): EventPayload<T> {
  const schema: DescMessage = EVENT_REGISTRY[type].schema;
  return create(schema, init as MessageInitShape<DescMessage>) as EventPayload<T>;
}

export function encodeEvent<T extends EventType>(type: T, payload: EventPayload<T> | EventPayloadInit<T>): Uint8Array {
  const schema: DescMessage = EVENT_REGISTRY[type].schema;
  const message = create(schema, payload as MessageInitShape<DescMessage>);
  return toBinary(schema, message);
}

export function decodeEvent<T extends EventType>(type: T, bytes: Uint8Array): EventPayload<T> {
  const schema: DescMessage = EVENT_REGISTRY[type].schema;
  return fromBinary(schema, bytes) as EventPayload<T>;
}
