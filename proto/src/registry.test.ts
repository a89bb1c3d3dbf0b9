import { create } from "@bufbuild/protobuf";
import { timestampFromDate } from "@bufbuild/protobuf/wkt";
import { decodeEnvelope, envelopeHeaders } from "./envelope";
import { decodeEvent, encodeEvent, EVENT_REGISTRY, formerTopicOf, TOPICS, topicOf, topicsOf } from "./registry";
import { CallMissedSchema } from "./gen/rebound/telephony/v1/events_pb";

describe("event registry", () => {
  it("maps every event type to the topic of the service that produces it, telephony's calls to a topic of their own", () => {
    expect(topicOf("CallMissed")).toBe(TOPICS.calls);
    expect(topicOf("CallReceived")).toBe(TOPICS.calls);
    expect(topicOf("SmsSent")).toBe(TOPICS.messaging);
    expect(topicOf("UserRegistered")).toBe(TOPICS.identity);
    expect(topicOf("VoicemailRecorded")).toBe(TOPICS.telephony);
    expect(topicOf("PhoneNumberPurchased")).toBe(TOPICS.telephony);
    expect(topicOf("ForwardingStatusChanged")).toBe(TOPICS.telephony);
    expect(topicOf("ConversationOutcomeSet")).toBe(TOPICS.messaging);
    expect(Object.keys(EVENT_REGISTRY)).toHaveLength(26);
  });

  it("given a type that moved topics, then a replay also reads the topic it was published on before", () => {
    expect(formerTopicOf("CallMissed")).toBe(TOPICS.telephony);
    expect(formerTopicOf("SmsSent")).toBeUndefined();
    expect(topicsOf("CallMissed")).toEqual([TOPICS.calls, TOPICS.telephony]);
    expect(topicsOf("VoicemailDeleted")).toEqual([TOPICS.telephony, TOPICS.calls]);
    expect(topicsOf("PhoneNumberPurchased")).toEqual([TOPICS.telephony]);
    expect(topicsOf("SmsSent")).toEqual([TOPICS.messaging]);
  });

  it("keeps the calls topic for the events every call publishes: a rare event there would make its readers fetch every call", () => {
    const onCallsTopic = Object.keys(EVENT_REGISTRY).filter((type) => topicOf(type as keyof typeof EVENT_REGISTRY) === TOPICS.calls);
    expect(onCallsTopic).toEqual(["CallReceived", "CallMissed"]);
    expect(formerTopicOf("VoicemailRecorded")).toBe(TOPICS.calls);
    expect(topicsOf("VoicemailTranscribed")).toEqual([TOPICS.telephony, TOPICS.calls]);
  });

  it("round-trips a payload through protobuf bytes", () => {
    const at = new Date("2026-11-22T10:00:00.123Z");
    const bytes = encodeEvent("CallMissed", {
      callId: "c1",
      businessId: "b1",
      callSid: "CA1",
      callerNumber: "+15551230001",
      dedicatedNumber: "+15557654321",
      occurredAt: timestampFromDate(at),
    });
    const decoded = decodeEvent("CallMissed", bytes);
    expect(decoded.callerNumber).toBe("+15551230001");
    expect(decoded.occurredAt && Number(decoded.occurredAt.seconds)).toBe(Math.floor(at.getTime() / 1000));
  });

  it("decodes an envelope from bus headers", () => {
    const payload = create(CallMissedSchema, { callId: "c1", businessId: "b1" });
    const headers = envelopeHeaders({ id: "0190-id", type: "CallMissed", key: "b1", occurredAt: new Date(0) });
    const envelope = decodeEnvelope("b1", encodeEvent("CallMissed", payload), headers);
    expect(envelope.type).toBe("CallMissed");
    expect(envelope.id).toBe("0190-id");
    if (envelope.type === "CallMissed") expect(envelope.payload.callId).toBe("c1");
  });
});
