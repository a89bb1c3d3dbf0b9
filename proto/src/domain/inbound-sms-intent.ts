// What an inbound SMS asks for: opt out, opt in, help, or nothing (CTIA keywords and the
// FCC's "any reasonable means" of revoking consent). The one classifier of the product.
// Keywords are the whole message, read case- and width-insensitively with punctuation and
// spacing ignored ("Stop.", "STOP ALL", "ＳＴＯＰ", "opt-out"); opt-outs also come as plain
// language ("please stop texting me"); opt-in and help come only as keywords.
import { readInboundSmsText } from "./inbound-sms-text";
import { matchOptOutPhrase } from "./opt-out-phrases";

export type InboundSmsIntent = "opt_out" | "opt_in" | "help" | "other";
/** How an opt-out, opt-in or help request was recognised. */
export type InboundSmsMatchMethod = "keyword" | "phrase";

export interface ClassifiedInboundSms {
  kind: InboundSmsIntent;
  /** Absent for other messages. */
  method?: InboundSmsMatchMethod;
  /** The keyword (upper case, no spacing: STOP, STOPALL, OPTOUT) or the phrase as read ("stop texting me"); empty for other messages. */
  matched: string;
}

// Twilio's default opt-out keywords, with REVOKE and OPTOUT (added in 2025). "STOP ALL" and "OPT-OUT" read as STOPALL and OPTOUT.
const OPT_OUT_KEYWORDS = new Set(["STOP", "STOPALL", "UNSUBSCRIBE", "CANCEL", "END", "QUIT", "REVOKE", "OPTOUT"]);
const OPT_IN_KEYWORDS = new Set(["START", "UNSTOP", "YES"]);
const HELP_KEYWORDS = new Set(["HELP", "INFO"]);

export function classifyInboundSms(body: string): ClassifiedInboundSms {
  const text = readInboundSmsText(body);
  const keyword = text.compact;
  if (OPT_OUT_KEYWORDS.has(keyword)) return { kind: "opt_out", method: "keyword", matched: keyword };
  if (OPT_IN_KEYWORDS.has(keyword)) return { kind: "opt_in", method: "keyword", matched: keyword };
  if (HELP_KEYWORDS.has(keyword)) return { kind: "help", method: "keyword", matched: keyword };
  const phrase = matchOptOutPhrase(text.words, text.sentences);
  if (phrase !== undefined) return { kind: "opt_out", method: "phrase", matched: phrase };
  return { kind: "other", matched: "" };
}
