// A voicemail for the owner (docs/conversations.md section 5): its row waits for the transcript, up to
// VOICEMAIL_TRANSCRIPT_WAIT_MS, so the e-mail and the text to the owner's mobile carry what the caller
// said; without a transcript by then, the recording alone is announced.
import { timestampDate, type EventEnvelope } from "@rebound/contracts";
import { randomUUID } from "node:crypto";
import { conversationIdOf } from "../domain/conversation-thread";
import type { MessagingDeps } from "../messaging-deps";

type VoicemailEvent = EventEnvelope<"VoicemailRecorded"> | EventEnvelope<"VoicemailTranscribed">;

/** Idempotent: one row per voicemail, however often and in whatever order its events arrive. */
export async function recordVoicemailAlert(deps: Pick<MessagingDeps, "db" | "alerts" | "readModel" | "settings">, event: VoicemailEvent): Promise<void> {
  const { payload } = event;
  const settings = deps.readModel.business(payload.businessId)?.settings;
  const forward = (settings?.inboxForwardNumber ?? "") !== "";
  if (!settings?.ownerAlertsEnabled && !forward) return;
  const common = {
    id: randomUUID(),
    businessId: payload.businessId,
    conversationId: conversationIdOf(payload.businessId, payload.callerNumber),
    callerNumber: payload.callerNumber,
    voicemailId: payload.voicemailId,
    forward,
  };
  if (event.type === "VoicemailRecorded") {
    const at = event.payload.recordedAt ? timestampDate(event.payload.recordedAt) : event.occurredAt;
    const readyAt = new Date(at.getTime() + deps.settings.voicemailTranscriptWaitMs);
    await deps.alerts.addVoicemail(deps.db.client, { ...common, seconds: Math.max(0, event.payload.durationSeconds), at, readyAt });
    return;
  }
  const transcript = event.payload.transcript.trim();
  if (transcript === "") return;
  const at = event.payload.transcribedAt ? timestampDate(event.payload.transcribedAt) : event.occurredAt;
  await deps.alerts.addTranscript(deps.db.client, { ...common, transcript, at });
}
