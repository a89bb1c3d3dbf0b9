// A provider's status callback can arrive before our record of the send it is about: the
// provider may call back before its send request even returned, or while the acceptance is
// being committed. This is the one place that knows both: the sender reports its provider
// calls and the recording of each acceptance here, and the status callback waits here
// (bounded) before it gives up on a sid it cannot find.

export class AcceptanceWaiters {
  /** Send requests the provider has not answered yet (their sids are not known). */
  private readonly providerCalls = new Set<Promise<unknown>>();
  /** Acceptances being recorded, by provider sid. */
  private readonly recordings = new Map<string, Promise<unknown>>();

  /** The sender: a send request is with the provider. */
  providerCallStarted(call: Promise<unknown>): void {
    this.providerCalls.add(call);
    const forget = () => this.providerCalls.delete(call);
    call.then(forget, forget);
  }

  /** The sender: the provider accepted `providerSid`; `recorded` settles once its result is recorded (or failed to be). */
  acceptanceRecording(providerSid: string, recorded: Promise<unknown>): void {
    this.recordings.set(providerSid, recorded);
    const forget = () => {
      if (this.recordings.get(providerSid) === recorded) this.recordings.delete(providerSid);
    };
    recorded.then(forget, forget);
  }

  /**
   * Resolves once the acceptance of `providerSid` is recorded, as far as this process can know,
   * and at the latest after `maxWaitMs`: while its sid is unknown here, it first waits for the
   * provider calls in flight (one of them may be the one that gets this sid).
   */
  async whenRecorded(providerSid: string, maxWaitMs = 3_000): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<void>((resolve) => (timer = setTimeout(resolve, maxWaitMs)));
    try {
      if (!this.recordings.has(providerSid) && this.providerCalls.size > 0) {
        await Promise.race([Promise.allSettled([...this.providerCalls]), timeout]);
      }
      const recording = this.recordings.get(providerSid);
      if (recording) await Promise.race([recording.catch(() => undefined), timeout]);
    } finally {
      clearTimeout(timer);
    }
  }
}
