// What the business answers to an inbound SMS. Keywords get their compliance answer (an
// opt-out only when it changes something); anything else gets the auto-reply when it is on,
// at most once per window per sender, and never to an opted-out sender or the business's own numbers.
import { renderMessage } from "@rebound/contracts/domain";
import { isOwnNumber, placeholderValues } from "./decide";
import { duplicateWindowMs, type BusinessConfig } from "./dispatch-config";
import { helpReply, optInConfirmation, optOutConfirmation } from "./compliance-replies";
import type { ClassifiedInbound } from "./inbound-keyword";
import type { SmsKindName } from "./sms-status";

export interface InboundContext {
  business: BusinessConfig;
  fromNumber: string;
  /** Whether the caller was opted out before this message. */
  optedOut: boolean;
  lastAutoReplyAt?: Date;
}

export interface InboundReply {
  kind: SmsKindName;
  body: string;
}

export function replyTo(inbound: ClassifiedInbound, context: InboundContext, now: Date): InboundReply | undefined {
  const { business } = context;
  switch (inbound.kind) {
    case "opt_out":
      // One confirmation per opt-out: a caller already opted out who writes STOP or "leave me
      // alone" again is not texted again (Twilio's own handling answers every STOP; we do not,
      // so a caller venting in several messages gets one text, and the consent log records each).
      return context.optedOut ? undefined : { kind: "compliance", body: optOutConfirmation(business.profile) };
    case "opt_in":
      return { kind: "compliance", body: optInConfirmation(business.profile) };
    case "help":
      return { kind: "help", body: helpReply(business.profile) };
    case "other": {
      const settings = business.settings;
      if (!settings?.smsAutoReplyEnabled || context.optedOut) return undefined;
      if (isOwnNumber(context.fromNumber, business.dedicatedNumber ?? "", settings, business.profile)) return undefined;
      const last = context.lastAutoReplyAt;
      if (last && now.getTime() - last.getTime() < duplicateWindowMs(settings)) return undefined;
      const body = renderMessage(settings.smsAutoReplyMessage, placeholderValues(settings, business.profile, now));
      return body === "" ? undefined : { kind: "auto_reply", body };
    }
    default: {
      const unexpected: never = inbound.kind;
      throw new Error(`unknown inbound kind ${String(unexpected)}`);
    }
  }
}
