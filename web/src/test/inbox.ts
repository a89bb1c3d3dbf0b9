import type { ConversationItem, ConversationSummary, ConversationThread } from "@rebound/contracts/domain";

/** Test data for the inbox's tests (docs/conversations.md section 4's shapes). */
export function summary(overrides: Partial<ConversationSummary> = {}): ConversationSummary {
  return {
    id: "c1",
    callerNumber: "+14155550123",
    callerLabel: "(415) 555-0123",
    lastActivityAt: "2026-01-05T15:04:00Z",
    preview: "Can you come Tuesday?",
    unreadCount: 0,
    optedOut: false,
    ...overrides,
  };
}

export function thread(items: ConversationItem[], overrides: Partial<ConversationThread> = {}): ConversationThread {
  return { id: "c1", callerNumber: "+14155550123", callerLabel: "(415) 555-0123", optedOut: false, outcome: null, valueCents: null, items, ...overrides };
}

export const ALL_KINDS: ConversationItem[] = [
  { id: "i1", kind: "missed_call", at: "2026-01-05T15:00:00Z" },
  { id: "i2", kind: "auto_text", at: "2026-01-05T15:00:05Z", body: "Sorry we missed your call!", status: "delivered" },
  { id: "i3", kind: "reply_in", at: "2026-01-05T15:02:00Z", body: "Can you come Tuesday?" },
  { id: "i4", kind: "voicemail", at: "2026-01-05T15:03:00Z", seconds: 42, recordingUrl: "/api/voicemails/v1/audio", transcript: "Hi, it's about the leak." },
  { id: "i5", kind: "voicemail", at: "2026-01-05T15:03:30Z", seconds: 8, recordingUrl: null },
  { id: "i6", kind: "reply_out", at: "2026-01-05T15:04:00Z", body: "Yes, 9 AM works.", status: "sent" },
  { id: "i7", kind: "reply_out", at: "2026-01-05T15:05:00Z", body: "See you then.", status: "undelivered" },
  { id: "i8", kind: "reply_out", at: "2026-01-05T15:05:30Z", body: "Bring the key.", status: "queued" },
  { id: "i9", kind: "opt_out", at: "2026-01-05T15:06:00Z" },
  { id: "i10", kind: "opt_in", at: "2026-01-05T15:07:00Z" },
];
