// What a missed caller who will get no text hears (BusinessSettings.voice_no_text_answer), written
// once: business validates and stores it, telephony answers with it, the web app offers it.

/** The message ("say"), silence (answer, then hang up), or <Reject/>. */
export const VOICE_NO_TEXT_ANSWERS = ["say", "silence", "reject"] as const;
export type VoiceNoTextAnswerName = (typeof VOICE_NO_TEXT_ANSWERS)[number];

/** The answer a business has until its owner chooses one. */
export const DEFAULT_VOICE_NO_TEXT_ANSWER: VoiceNoTextAnswerName = "say";

/** A stored value as an answer: one this build does not know reads as the default. */
export function toVoiceNoTextAnswer(value: string): VoiceNoTextAnswerName {
  return (VOICE_NO_TEXT_ANSWERS as readonly string[]).includes(value) ? (value as VoiceNoTextAnswerName) : DEFAULT_VOICE_NO_TEXT_ANSWER;
}
