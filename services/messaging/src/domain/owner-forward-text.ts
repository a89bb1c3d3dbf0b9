// The text to the owner's mobile about a caller's replies and voicemails (docs/conversations.md
// section 5): "Reply from (415) 555-0123: ...", with a link to the thread. Short enough for two
// segments with the link, so a forward never costs the owner more than a couple of texts.
import { callerWords, excerpt, messageWords, voicemailLength, type CallerMessage } from "./caller-message-words";

/** The caller's words at most this long in a forward. */
export const FORWARD_EXCERPT_LENGTH = 200;

/** One text for one conversation's messages (oldest first); `threadUrl` opens the thread. */
export function ownerForwardText(messages: readonly CallerMessage[], threadUrl: string): string {
  const latest = messages.at(-1);
  if (!latest) throw new Error("a forward needs at least one message");
  const who = callerWords(latest);
  let head: string;
  if (messages.length > 1) head = `${messages.length} messages from ${who}. Latest: ${messageWords(latest, FORWARD_EXCERPT_LENGTH)}`;
  else if (latest.kind === "reply") head = `Reply from ${who}: ${excerpt(latest.message, FORWARD_EXCERPT_LENGTH)}`;
  else {
    const length = voicemailLength(latest.seconds);
    head =
      latest.message.trim() === ""
        ? `Voicemail from ${who} (${length}).`
        : `Voicemail from ${who} (${length}): ${excerpt(latest.message, FORWARD_EXCERPT_LENGTH)}`;
  }
  return `${head}\nOpen: ${threadUrl}`;
}
