// The optional line type check (TWILIO_LOOKUP_ENABLED): asks the provider once per number,
// remembers the answer for 30 days, and never holds a text longer than its timeout.
import type { Clock, Logger } from "@rebound/platform";
import type { TelephonyProvider } from "@rebound/providers/telephony";
import type { LineTypeName } from "../domain/decide";

export interface LineTypeLookupSettings {
  enabled: boolean;
  /** The provider's lookup timeout; a second guard here, so a provider that ignores it still cannot stall a text. */
  timeoutMs: number;
  /** How long an answer is remembered (30 days). */
  ttlMs: number;
  /** Numbers remembered at most (oldest forgotten first). */
  maxEntries: number;
}

export const LINE_TYPE_TTL_MS = 30 * 24 * 60 * 60 * 1000;

const TIMED_OUT = Symbol("timed out");

/**
 * In memory, per process: a restart or another replica asks again (a lookup costs a fraction of
 * a cent; a table would add a read to every dispatch). Failures and timeouts are not remembered:
 * the caller is texted and the next call asks again.
 */
export class LineTypeLookup {
  private readonly cache = new Map<string, { lineType: LineTypeName | undefined; until: number }>();

  constructor(
    private readonly provider: Pick<TelephonyProvider, "lookupLineType">,
    readonly settings: LineTypeLookupSettings,
    private readonly clock: Clock,
    private readonly logger: Logger,
  ) {}

  get enabled(): boolean {
    return this.settings.enabled;
  }

  /** The caller's line type, or undefined (lookup off, unknown, failed or too slow). */
  async lineTypeOf(phoneNumber: string): Promise<LineTypeName | undefined> {
    if (!this.settings.enabled) return undefined;
    const now = this.clock.now().getTime();
    const cached = this.cache.get(phoneNumber);
    if (cached && cached.until > now) return cached.lineType;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<typeof TIMED_OUT>((resolve) => {
      timer = setTimeout(() => resolve(TIMED_OUT), this.settings.timeoutMs);
      timer.unref();
    });
    try {
      const answer = await Promise.race([this.provider.lookupLineType(phoneNumber), timeout]);
      if (answer === TIMED_OUT) {
        this.logger.warn({ timeoutMs: this.settings.timeoutMs }, "line type lookup timed out; texting anyway");
        return undefined;
      }
      this.remember(phoneNumber, answer, now);
      return answer;
    } catch (error) {
      this.logger.warn({ err: error }, "line type lookup failed; texting anyway");
      return undefined;
    } finally {
      clearTimeout(timer);
    }
  }

  private remember(phoneNumber: string, lineType: LineTypeName | undefined, now: number): void {
    this.cache.delete(phoneNumber);
    this.cache.set(phoneNumber, { lineType, until: now + this.settings.ttlMs });
    if (this.cache.size > this.settings.maxEntries) {
      const oldest = this.cache.keys().next().value;
      if (oldest !== undefined) this.cache.delete(oldest);
    }
  }
}
