import type { ForwardingOutcome } from "./forwarding-outcome";
import { displayPhoneNumber } from "@rebound/contracts/domain";

export interface ForwardingTestResult {
  success: boolean;
  message: string;
  interpretation: string;
}

export interface ForwardingContext {
  testedNumber: string;
  dedicatedNumber: string;
  ringSeconds: number;
  windowSeconds: number;
}

export const FORWARDING_SUCCESS_MESSAGE = "Call forwarding is working";
export const FORWARDING_FAILED_MESSAGE = "Call forwarding test failed";

/** What the owner reads after a test: what happened and, on failure, what to check (the codes of docs/product.md section 9). */
export function forwardingTestResult(outcome: ForwardingOutcome, context: ForwardingContext): ForwardingTestResult {
  const tested = displayPhoneNumber(context.testedNumber);
  const dedicated = displayPhoneNumber(context.dedicatedNumber);
  const target = context.dedicatedNumber;
  if (outcome.status === "success") {
    return {
      success: true,
      message: FORWARDING_SUCCESS_MESSAGE,
      interpretation: `Your setup is working correctly! Our test call to ${tested} was forwarded to your Rebound number ${dedicated}, so missed calls will now be texted back.`,
    };
  }
  return { success: false, message: FORWARDING_FAILED_MESSAGE, interpretation: failureInterpretation(outcome, context, tested, dedicated, target) };
}

function failureInterpretation(
  outcome: Exclude<ForwardingOutcome, { status: "success" }>,
  context: ForwardingContext,
  tested: string,
  dedicated: string,
  target: string,
): string {
  switch (outcome.cause) {
    case "answered":
      return (
        `The test call to ${tested} was answered (by someone or by voicemail) instead of being forwarded. ` +
        `Turn on conditional call forwarding to ${dedicated}: on most mobile phones dial **004*${target}# ` +
        `(busy, no answer and unreachable), then test again and let the phone ring.`
      );
    case "busy":
      return `${tested} was busy and the call was not forwarded. Set busy forwarding to ${dedicated} (mobile: **67*${target}#), or **004*${target}# for all three conditions.`;
    case "no-answer":
      return (
        `${tested} rang for ${context.ringSeconds} seconds without forwarding to ${dedicated}. ` +
        `Check that no-answer forwarding is on (mobile: **61*${target}#; US landline: *92${target.replace(/^\+1/, "")}) ` +
        `and that your carrier forwards within ${context.ringSeconds} seconds; some wait longer, so choose a shorter ring time.`
      );
    case "unreachable":
      return `We could not reach ${tested}. Check the number and include the country code (+1 for the US and Canada), then test again.`;
    case "timeout":
      return `No forwarded call reached your Rebound number ${dedicated} within ${context.windowSeconds} seconds. Check that call forwarding on ${tested} points to ${dedicated}, then test again.`;
    case "call-not-placed":
      return (
        `We could not place the test call to ${tested}${outcome.providerCode ? ` (carrier code ${outcome.providerCode})` : ""}. ` +
        "Check the number includes the country code (+1 for the US and Canada) and try again."
      );
    default: {
      const unknown: never = outcome;
      throw new Error(`unknown forwarding outcome ${JSON.stringify(unknown)}`);
    }
  }
}
