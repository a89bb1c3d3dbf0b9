import { telephonyV1 } from "@rebound/contracts";

const { CallPurpose } = telephonyV1;
type CallPurpose = telephonyV1.CallPurpose;

/** What we do with a call that reached a dedicated number. */
export type VoiceAnswer = { kind: "say"; message: string } | { kind: "reject" };

export const FORWARDING_TEST_ANSWER = "This is your Rebound call forwarding test. Forwarding works. Goodbye.";

/** A call from our own test caller is a forwarding test; anything else is a caller's missed call. */
export function callPurpose(from: string, testCallerNumber: string): CallPurpose {
  return from === testCallerNumber ? CallPurpose.FORWARDING_TEST : CallPurpose.MISSED_CALL;
}

/**
 * Missed calls are answered with the short spoken message then hung up, or
 * rejected when the business switched answering off (BusinessSettings.auto_reply_enabled);
 * a forwarding-test call is always answered so the test call ends cleanly.
 */
export function chooseVoiceAnswer(input: { purpose: CallPurpose; answerCalls: boolean; message: string }): VoiceAnswer {
  if (input.purpose === CallPurpose.FORWARDING_TEST) return { kind: "say", message: FORWARDING_TEST_ANSWER };
  return input.answerCalls ? { kind: "say", message: input.message } : { kind: "reject" };
}

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (char) => `&${{ "<": "lt", ">": "gt", "&": "amp", '"': "quot", "'": "apos" }[char] ?? ""};`);
}

export function voiceTwiml(answer: VoiceAnswer): string {
  const head = '<?xml version="1.0" encoding="UTF-8"?>';
  switch (answer.kind) {
    case "say":
      return `${head}<Response><Say>${escapeXml(answer.message)}</Say><Hangup/></Response>`;
    case "reject":
      return `${head}<Response><Reject/></Response>`;
    default: {
      const unknown: never = answer;
      throw new Error(`unknown voice answer ${JSON.stringify(unknown)}`);
    }
  }
}
