import { telephonyV1 } from "@rebound/contracts";
import {
  DEFAULT_VOICE_NO_TEXT_ANSWER,
  classifyCaller,
  isInGoodStanding,
  samePhoneNumber,
  screenCaller,
  type CallerClassification,
  type EntitlementStatus,
  type VoiceNoTextAnswerName,
  usA2pRegistrationApplies,
} from "@rebound/contracts/domain";
import { VoiceResponse } from "@rebound/twilio/twiml";

const { CallPurpose } = telephonyV1;
type CallPurpose = telephonyV1.CallPurpose;

/**
 * How a voicemail is recorded after a spoken answer (docs/conversations.md section 3): the <Record> verb's
 * length and the provider's callbacks (the gateway's public webhook URLs).
 */
export interface VoicemailRecording {
  /** maxLength, seconds (VOICEMAIL_MAX_SECONDS). */
  maxSeconds: number;
  /** The <Record> action: answered with <Hangup/>. */
  actionUrl: string;
  recordingStatusCallbackUrl: string;
  transcribeCallbackUrl: string;
}

/** Twilio transcribes recordings of at most two minutes (longer: error 13615): a longer maximum asks for none. */
export const MAX_TRANSCRIBED_SECONDS = 120;

/** What we do with a call that reached a dedicated number; a spoken answer may then record a voicemail. */
export type VoiceAnswer = { kind: "say"; message: string; voicemail?: VoicemailRecording } | { kind: "hangup" } | { kind: "reject" };

/** A business's settings as the voice webhook reads them (telephony's directory, from business events). */
export interface BusinessCallSettings {
  /** E.164 of the owner's own phone, or empty. */
  businessPhone: string;
  /** Answer missed calls at all (BusinessSettings.auto_reply_enabled); false: always <Reject/>. */
  answerCalls: boolean;
  /** SMS automation on. */
  isActive: boolean;
  doNotTextNumbers: string[];
  allowInternationalCallers: boolean;
  textLikelySpoofedCallers: boolean;
  /** Spoken when a text may follow; empty: the service's default. */
  voiceTextMessage: string;
  /** Spoken when no text will follow (answer "say"); empty: the service's default. */
  voiceNoTextMessage: string;
  /** What a caller who will get no text hears: the no-text message, silence (answer, hang up), or <Reject/>. */
  voiceNoTextAnswer: VoiceNoTextAnswerName;
  /** BusinessSettings.voicemail_enabled: a spoken answer records a voicemail after the message (absent: off). */
  voicemailEnabled: boolean;
}

/** The service's spoken texts when the owner set none (telephony config). */
export interface DefaultAnswers {
  textMessage: string;
  noTextMessage: string;
}

/** Why telephony knows no text will follow: the messaging suppression reasons it can foresee from its own read model. */
export type ForeseenSuppression =
  "withheld_caller_id" | "own_number" | "inactive" | "no_subscription" | "registration_pending" | "international" | "likely_spoofed";

/**
 * Whether a text can follow this call, from what telephony knows locally (no call to messaging on
 * the hot path): "none" when messaging's decide() is certain to suppress it for a reason telephony
 * can see (the caller id rules of contracts' screenCaller, the business's own numbers, automation
 * off, an owner's subscription not in good standing); "possible" otherwise. Facts only messaging holds (opt-out, monthly cap,
 * duplicate window, landline lookup) can still stop a "possible" text, so the answer for it must
 * not promise one (see docs/decisions.md, issue 18).
 */
export type TextOutlook = { text: "possible" } | { text: "none"; reason: ForeseenSuppression };

export interface CallFacts {
  from: string;
  stirVerstat?: string;
  dedicatedNumber: string;
  /** The owner's subscription status; undefined until telephony has heard of it (a text stays possible). */
  subscription?: EntitlementStatus;
  /**
   * Whether the business's US texting registration (A2P 10DLC) is approved; undefined when the
   * registration is not required (TEXTING_REGISTRATION_REQUIRED off): a text stays possible.
   */
  usTextingAllowed?: boolean;
}

export function foreseeText(
  business: BusinessCallSettings | undefined,
  call: CallFacts,
  caller: CallerClassification = classifyCaller(call.from, call.stirVerstat),
): TextOutlook {
  if (caller.kind === "withheld") return { text: "none", reason: "withheld_caller_id" };
  if (!business) return { text: "possible" };
  const own = [call.dedicatedNumber, business.businessPhone, ...business.doNotTextNumbers];
  if (own.some((number) => samePhoneNumber(call.from, number))) return { text: "none", reason: "own_number" };
  if (!business.isActive) return { text: "none", reason: "inactive" };
  if (call.subscription !== undefined && !isInGoodStanding(call.subscription)) return { text: "none", reason: "no_subscription" };
  // US carriers block texts from an unregistered US 10DLC number to US callers (error 30034): messaging holds them back too.
  if (call.usTextingAllowed === false && usA2pRegistrationApplies(call.dedicatedNumber, call.from)) return { text: "none", reason: "registration_pending" };
  const screened = screenCaller(caller, {
    allowInternational: business.allowInternationalCallers,
    textLikelySpoofed: business.textLikelySpoofedCallers,
  });
  return screened ? { text: "none", reason: screened } : { text: "possible" };
}

export const FORWARDING_TEST_ANSWER = "This is your Rebound call forwarding test. Forwarding works. Goodbye.";

/** A call from our own test caller is a forwarding test; anything else is a caller's missed call. */
export function callPurpose(from: string, testCallerNumber: string): CallPurpose {
  return from === testCallerNumber ? CallPurpose.FORWARDING_TEST : CallPurpose.MISSED_CALL;
}

export interface AnswerInput {
  purpose: CallPurpose;
  /** Undefined until the business's events reached telephony: answered with the neutral default. */
  business: BusinessCallSettings | undefined;
  outlook: TextOutlook;
  defaults: DefaultAnswers;
  /** How voicemails are recorded here; undefined: never (the not-in-service and unusable-webhook answers). */
  voicemail?: VoicemailRecording;
}

/**
 * A forwarding-test call is always answered so the test ends cleanly. A business that switched
 * answering off rejects every missed call. Otherwise: when a text may follow, the owner's text
 * message (or the default); when none will, what the owner chose: the no-text message (or the
 * default), silence, or <Reject/>. With the business's voicemail on, a spoken answer to a missed
 * call then records a voicemail; silence and <Reject/> never do, nor a business telephony has not
 * heard of yet (voicemail is off until its events say otherwise).
 */
export function chooseVoiceAnswer(input: AnswerInput): VoiceAnswer {
  if (input.purpose === CallPurpose.FORWARDING_TEST) return { kind: "say", message: FORWARDING_TEST_ANSWER };
  const answer = chooseMissedCallAnswer(input);
  if (answer.kind === "say" && input.voicemail && input.business?.voicemailEnabled) return { ...answer, voicemail: input.voicemail };
  return answer;
}

function chooseMissedCallAnswer(input: AnswerInput): VoiceAnswer {
  const business = input.business;
  if (business && !business.answerCalls) return { kind: "reject" };
  switch (input.outlook.text) {
    case "possible":
      return { kind: "say", message: business?.voiceTextMessage || input.defaults.textMessage };
    case "none":
      break;
    default: {
      const unknown: never = input.outlook;
      throw new Error(`unknown outlook ${JSON.stringify(unknown)}`);
    }
  }
  const answer = business?.voiceNoTextAnswer ?? DEFAULT_VOICE_NO_TEXT_ANSWER;
  switch (answer) {
    case "say":
      return { kind: "say", message: business?.voiceNoTextMessage || input.defaults.noTextMessage };
    case "silence":
      return { kind: "hangup" };
    case "reject":
      return { kind: "reject" };
    default: {
      const unknown: never = answer;
      throw new Error(`unknown no-text answer ${String(unknown)}`);
    }
  }
}

/** Twilio ignores what a status callback answers; ours is an empty TwiML response, never JSON. */
export const EMPTY_VOICE_TWIML = new VoiceResponse().toString();

/** Most answers are few and constant (the defaults, the test's, the not-in-service one): each is built once. */
const built = new Map<string, string>();
const MAX_BUILT = 1_000;

/** The TwiML of an answer, through the Twilio SDK's builder (which escapes the message). */
export function voiceTwiml(answer: VoiceAnswer): string {
  const key = answer.kind === "say" ? `say:${answer.message}${answer.voicemail ? `\n${JSON.stringify(answer.voicemail)}` : ""}` : answer.kind;
  let twiml = built.get(key);
  if (twiml === undefined) {
    twiml = buildVoiceTwiml(answer);
    if (built.size < MAX_BUILT) built.set(key, twiml);
  }
  return twiml;
}

function buildVoiceTwiml(answer: VoiceAnswer): string {
  const response = new VoiceResponse();
  switch (answer.kind) {
    case "say":
      response.say(answer.message);
      if (answer.voicemail) recordVoicemail(response, answer.voicemail);
      response.hangup();
      break;
    case "hangup":
      response.hangup();
      break;
    case "reject":
      response.reject();
      break;
    default: {
      const unknown: never = answer;
      throw new Error(`unknown voice answer ${JSON.stringify(unknown)}`);
    }
  }
  return response.toString();
}

/**
 * <Record> after the message: up to maxSeconds, silence trimmed, a beep, 5 s of silence ends it; the action
 * (answered with <Hangup/>), the recording status callback when completed, and a transcript when the length
 * allows one. The <Hangup/> that follows in the answer ends the call when nothing was recorded (Twilio then
 * skips the action and goes on with the next verb).
 */
function recordVoicemail(response: InstanceType<typeof VoiceResponse>, voicemail: VoicemailRecording): void {
  const transcribe = voicemail.maxSeconds <= MAX_TRANSCRIBED_SECONDS;
  response.record({
    maxLength: voicemail.maxSeconds,
    trim: "trim-silence",
    playBeep: true,
    timeout: 5,
    // Twilio's default method for the action and the callbacks is POST, which the gateway's webhook routes take.
    action: voicemail.actionUrl,
    recordingStatusCallback: voicemail.recordingStatusCallbackUrl,
    recordingStatusCallbackEvent: ["completed"],
    transcribe,
    ...(transcribe ? { transcribeCallback: voicemail.transcribeCallbackUrl } : {}),
  });
}

/** The <Record> action's answer: the voicemail is left, the call ends. */
export const VOICEMAIL_ACTION_TWIML = (() => {
  const response = new VoiceResponse();
  response.hangup();
  return response.toString();
})();
