// The owner's inbox (docs/conversations.md): one conversation per business and caller number, what
// the API answers and what it accepts. Shared by messaging (the projection and its routes) and the web app.
import { z } from "zod";

export const CONVERSATION_ITEM_KINDS = ["missed_call", "auto_text", "reply_in", "reply_out", "voicemail", "opt_out", "opt_in"] as const;
export type ConversationItemKind = (typeof CONVERSATION_ITEM_KINDS)[number];

export const CONVERSATION_OUTCOMES = ["booked", "not_a_lead", "lost"] as const;
export type ConversationOutcomeName = (typeof CONVERSATION_OUTCOMES)[number];

/** An owner's reply: at most this many characters (10 segments of plain text). */
export const OWNER_REPLY_MAX_LENGTH = 1_530;

/** One line of the inbox list. */
export interface ConversationSummary {
  id: string;
  callerNumber: string;
  /** How the caller is shown: the formatted number (a contact name later). */
  callerLabel: string;
  lastActivityAt: string;
  /** The newest item in words (a text's body, "Voicemail (0:42)", "Missed call"). */
  preview: string;
  unreadCount: number;
  optedOut: boolean;
}

export interface ConversationList {
  conversations: ConversationSummary[];
  nextCursor: string | null;
}

/** One thing that happened between the business and the caller, oldest first in a thread. */
export interface ConversationItem {
  id: string;
  kind: ConversationItemKind;
  at: string;
  /** Texts (auto_text, reply_in, reply_out). */
  body?: string;
  /** Texts we sent: queued, sending, sent, delivered, undelivered, failed. */
  status?: string;
  /** Voicemails: the provider's transcript when there is one. */
  transcript?: string;
  /** Voicemails: the audio through the gateway (the owner's session), null once deleted (retention). */
  recordingUrl?: string | null;
  /** Voicemails: length in seconds. */
  seconds?: number;
}

export interface ConversationThread {
  id: string;
  callerNumber: string;
  callerLabel: string;
  optedOut: boolean;
  outcome: ConversationOutcomeName | null;
  valueCents: number | null;
  items: ConversationItem[];
}

export const conversationListQuerySchema = z.object({
  cursor: z.string().max(200).optional(),
  filter: z.enum(["unread", "all"]).default("all"),
});

export const ownerReplySchema = z.object({
  body: z
    .string({ error: "Message is required" })
    .trim()
    .min(1, "Message is required")
    .max(OWNER_REPLY_MAX_LENGTH, `Message must be at most ${OWNER_REPLY_MAX_LENGTH} characters`),
});
export type OwnerReply = z.infer<typeof ownerReplySchema>;

export const conversationOutcomeSchema = z.object({
  outcome: z.enum(CONVERSATION_OUTCOMES).nullable(),
  valueCents: z.number().int().min(0).max(100_000_000).optional(),
});
export type ConversationOutcomeInput = z.infer<typeof conversationOutcomeSchema>;

/** POST /api/conversations/{id}/messages: the caller opted out (409). */
export const CONVERSATION_OPTED_OUT_MESSAGE = "This caller opted out of texts (replied STOP). They must text START before you can reply.";
/** The same, to a US caller while the business's US texting registration is not approved (409): carriers would block the text. */
export const CONVERSATION_REGISTRATION_PENDING_MESSAGE =
  "US carriers block texts to US numbers until your US texting registration is approved. Finish it in Setup, Texting registration.";
/** The same, without a subscription in good standing (402). */
export const CONVERSATION_CHOOSE_PLAN_MESSAGE = "Choose a plan to text your callers.";
/** The same, when the business has no dedicated number to text from (409). */
export const CONVERSATION_NO_NUMBER_MESSAGE = "Get your number first.";
