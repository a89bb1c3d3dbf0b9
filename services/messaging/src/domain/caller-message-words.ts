// How a caller's reply or voicemail reads in what the owner gets (the alert e-mail, the text to their
// mobile): who, how long, what was said.
import { callerLabel } from "@rebound/contracts/domain";

export interface CallerMessage {
  kind: "reply" | "voicemail";
  callerNumber: string;
  /** The reply's text, or the voicemail's transcript ("" when there is none). */
  message: string;
  /** A voicemail's length. */
  seconds: number;
  at: Date;
}

/** 42 => "0:42", 125 => "2:05". */
export function voicemailLength(seconds: number): string {
  const whole = Math.max(0, Math.round(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, "0")}`;
}

/** Whitespace folded to single spaces, cut to `max` characters with an ellipsis. */
export function excerpt(text: string, max: number): string {
  const folded = text.replace(/\s+/g, " ").trim();
  return folded.length <= max ? folded : `${folded.slice(0, max - 1).trimEnd()}…`;
}

/** "(415) 555-0123", or "Caller ID withheld". */
export const callerWords = (message: Pick<CallerMessage, "callerNumber">) => callerLabel(message.callerNumber);

/** What the caller said, for one line: the reply, or "Voicemail (0:42): transcript". */
export function messageWords(message: CallerMessage, max: number): string {
  if (message.kind === "reply") return excerpt(message.message, max);
  const length = `Voicemail (${voicemailLength(message.seconds)})`;
  return message.message.trim() === "" ? `${length}, no transcript` : `${length}: ${excerpt(message.message, max)}`;
}
