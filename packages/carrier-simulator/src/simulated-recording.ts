// A simulated caller's voicemail: the audio a <Record> leaves (generated, never stored) and the
// attributes of our answer's <Record> verb that tell the simulator where to report it.

/** 8 kHz mono 16-bit PCM, like Twilio's .wav recordings of a phone call. */
const SAMPLE_RATE = 8_000;
const TONE_HZ = 440;
/** A quiet tone: about -20 dBFS. */
const AMPLITUDE = 0.1 * 32_767;
const HEADER_BYTES = 44;

/**
 * A WAV of `seconds` seconds of a quiet 440 Hz tone (16 KB a second: 1.9 MB for two minutes), always the same
 * bytes for the same length, so nothing but the length needs journaling.
 */
export function simulatedWav(seconds: number): Buffer {
  const samples = Math.max(0, Math.round(seconds * SAMPLE_RATE));
  const dataBytes = samples * 2;
  const wav = Buffer.alloc(HEADER_BYTES + dataBytes);
  wav.write("RIFF", 0, "ascii");
  wav.writeUInt32LE(36 + dataBytes, 4);
  wav.write("WAVE", 8, "ascii");
  wav.write("fmt ", 12, "ascii");
  wav.writeUInt32LE(16, 16); // PCM chunk size
  wav.writeUInt16LE(1, 20); // PCM
  wav.writeUInt16LE(1, 22); // mono
  wav.writeUInt32LE(SAMPLE_RATE, 24);
  wav.writeUInt32LE(SAMPLE_RATE * 2, 28); // byte rate
  wav.writeUInt16LE(2, 32); // block align
  wav.writeUInt16LE(16, 34); // bits per sample
  wav.write("data", 36, "ascii");
  wav.writeUInt32LE(dataBytes, 40);
  for (let index = 0; index < samples; index++) {
    wav.writeInt16LE(Math.round(AMPLITUDE * Math.sin((2 * Math.PI * TONE_HZ * index) / SAMPLE_RATE)), HEADER_BYTES + index * 2);
  }
  return wav;
}

/** The attributes of a `<Record>` verb that the simulator acts on. */
export interface RecordVerb {
  action?: string;
  maxLength?: number;
  recordingStatusCallback?: string;
  /** The events asked for (Twilio's default: completed). */
  recordingStatusCallbackEvent: string[];
  transcribe: boolean;
  transcribeCallback?: string;
}

const ENTITIES: Record<string, string> = { "&lt;": "<", "&gt;": ">", "&amp;": "&", "&quot;": '"', "&apos;": "'" };
const unescape = (value: string) => value.replace(/&(lt|gt|amp|quot|apos);/g, (entity) => ENTITIES[entity] ?? entity);

/** The first `<Record>` of a voice answer, or undefined when the answer does not record. */
export function twimlRecordVerb(twiml: string): RecordVerb | undefined {
  const match = /<Record\b([^>]*?)\/?>/.exec(twiml);
  if (!match) return undefined;
  const attributes = new Map<string, string>();
  for (const attribute of (match[1] ?? "").matchAll(/([A-Za-z]+)="([^"]*)"/g)) attributes.set(attribute[1] ?? "", unescape(attribute[2] ?? ""));
  const maxLength = attributes.has("maxLength") ? Number(attributes.get("maxLength")) : undefined;
  return {
    ...(attributes.has("action") ? { action: attributes.get("action") } : {}),
    ...(maxLength !== undefined && Number.isFinite(maxLength) ? { maxLength } : {}),
    ...(attributes.has("recordingStatusCallback") ? { recordingStatusCallback: attributes.get("recordingStatusCallback") } : {}),
    recordingStatusCallbackEvent: (attributes.get("recordingStatusCallbackEvent") ?? "completed").split(/[\s,]+/).filter(Boolean),
    transcribe: attributes.get("transcribe") === "true",
    ...(attributes.has("transcribeCallback") ? { transcribeCallback: attributes.get("transcribeCallback") } : {}),
  };
}
