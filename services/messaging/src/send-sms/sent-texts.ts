// What this process knows of the texts it handed to the provider, by provider sid: a status
// callback about one of them writes its SmsStatusChanged (which names the text) in the same
// statement as the status (`changeWithEvents`) instead of reading the row first. A sid not here
// (another replica's text, one sent before a restart, one forgotten) takes the usual path.
import type { SmsRef } from "../store/sms-log.repository";

/** About a minute of texts at 100 a second: callbacks come within seconds of the send. */
const DEFAULT_MAX_ENTRIES = 5_000;

export class SentTexts {
  private readonly bySid = new Map<string, SmsRef>();

  constructor(private readonly maxEntries = DEFAULT_MAX_ENTRIES) {}

  /** The provider accepted `ref` (its acceptance may not be committed yet: a status statement then finds no row). */
  remember(ref: SmsRef & { providerSid: string }): void {
    this.bySid.delete(ref.providerSid);
    this.bySid.set(ref.providerSid, ref);
    // A Map keeps insertion order: the first key is the oldest.
    if (this.bySid.size > this.maxEntries) this.bySid.delete(this.bySid.keys().next().value as string);
  }

  find(providerSid: string): SmsRef | undefined {
    return this.bySid.get(providerSid);
  }

  /** The text reached a final status: no callback about it will change anything. */
  forget(providerSid: string): void {
    this.bySid.delete(providerSid);
  }
}
