// Inbound SMS keywords (CTIA / carrier compliance). The whole message, trimmed and
// case-insensitive, must be the keyword: "stop calling me at work" is not an opt-out.

export type InboundKindName = "opt_out" | "opt_in" | "help" | "other";

const OPT_OUT = new Set(["STOP", "STOPALL", "UNSUBSCRIBE", "CANCEL", "END", "QUIT"]);
const OPT_IN = new Set(["START", "YES", "UNSTOP"]);
const HELP = new Set(["HELP", "INFO"]);

export interface ClassifiedInbound {
  kind: InboundKindName;
  /** The keyword as matched (upper case), empty for other messages. */
  keyword: string;
}

export function classifyInbound(body: string): ClassifiedInbound {
  const word = body.trim().toUpperCase();
  if (OPT_OUT.has(word)) return { kind: "opt_out", keyword: word };
  if (OPT_IN.has(word)) return { kind: "opt_in", keyword: word };
  if (HELP.has(word)) return { kind: "help", keyword: word };
  return { kind: "other", keyword: "" };
}
