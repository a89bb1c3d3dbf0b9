// The dispatch config in memory: everything the hot path asks, answered without I/O.
// Filled from messaging's own tables at start and kept current by the config consumer
// and by the use cases after each commit.
import { KeyedWaiters } from "@rebound/platform";
import type { DispatchState } from "../domain/decide";
import { DEFAULT_SUBSCRIPTION, type BusinessConfig, type SubscriptionView } from "../domain/dispatch-config";
import { comparablePhoneNumber } from "@rebound/contracts/domain";
import { usageMonth } from "../domain/usage-month";
import { DEFAULT_TIME_ZONE } from "@rebound/contracts/domain";

const pair = (businessId: string, other: string) => `${businessId}|${other}`;

export class DispatchReadModel {
  private readonly businesses = new Map<string, BusinessConfig>();
  private readonly businessByNumber = new Map<string, string>();
  private readonly subscriptions = new Map<string, SubscriptionView>();
  private readonly optedOut = new Set<string>();
  private readonly usage = new Map<string, number>();
  private readonly lastTexted = new Map<string, Date>();
  private readonly lastAutoReply = new Map<string, Date>();
  /** Dispatches waiting for a business's settings (whenBusinessKnown), woken by putBusiness. */
  private readonly businessWaiters = new KeyedWaiters();

  business(businessId: string): BusinessConfig | undefined {
    return this.businesses.get(businessId);
  }

  businessByDedicatedNumber(phoneNumber: string): BusinessConfig | undefined {
    const id = this.businessByNumber.get(comparablePhoneNumber(phoneNumber));
    return id === undefined ? undefined : this.businesses.get(id);
  }

  /**
   * Resolves once this business's settings are known: at once if they are, else when an event
   * or a refresh puts them, or after `timeoutMs` (the dispatch then decides with what it has).
   */
  async whenBusinessKnown(businessId: string, timeoutMs: number): Promise<void> {
    if (this.businesses.get(businessId)?.settings || timeoutMs <= 0) return;
    await this.businessWaiters.whenKnown(businessId, timeoutMs);
  }

  /** Replaces what is known of a business with a full row (start, refresh). */
  putBusiness(config: BusinessConfig): void {
    const previous = this.businesses.get(config.businessId);
    if (previous?.dedicatedNumber) this.businessByNumber.delete(comparablePhoneNumber(previous.dedicatedNumber));
    this.businesses.set(config.businessId, config);
    if (config.dedicatedNumber) this.businessByNumber.set(comparablePhoneNumber(config.dedicatedNumber), config.businessId);
    if (config.settings) this.businessWaiters.known(config.businessId);
  }

  /** Merges the parts one event changed (a key present with undefined clears it). */
  patchBusiness(businessId: string, patch: Partial<Omit<BusinessConfig, "businessId">>): void {
    if (patch.dedicatedNumber) {
      const holder = this.businessByNumber.get(comparablePhoneNumber(patch.dedicatedNumber));
      const stale = holder !== undefined && holder !== businessId ? this.businesses.get(holder) : undefined;
      if (stale) this.putBusiness({ ...stale, dedicatedNumber: undefined, accountSid: undefined });
    }
    this.putBusiness({ ...(this.businesses.get(businessId) ?? { businessId }), ...patch, businessId });
  }

  putSubscription(userId: string, view: SubscriptionView): void {
    this.subscriptions.set(userId, view);
  }

  subscription(userId: string | undefined): SubscriptionView | undefined {
    return userId === undefined ? undefined : this.subscriptions.get(userId);
  }

  setOptedOut(businessId: string, callerNumber: string, optedOut: boolean): void {
    if (optedOut) this.optedOut.add(pair(businessId, callerNumber));
    else this.optedOut.delete(pair(businessId, callerNumber));
  }

  isOptedOut(businessId: string, callerNumber: string): boolean {
    return this.optedOut.has(pair(businessId, callerNumber));
  }

  /** The usage month of `at` for this business (its time zone; the default zone until settings arrive). */
  monthOf(businessId: string, at: Date): string {
    return usageMonth(this.businesses.get(businessId)?.settings?.timeZone ?? DEFAULT_TIME_ZONE, at);
  }

  setTexted(businessId: string, month: string, count: number): void {
    this.usage.set(pair(businessId, month), count);
  }

  texted(businessId: string, month: string): number {
    return this.usage.get(pair(businessId, month)) ?? 0;
  }

  setLastTexted(businessId: string, callerNumber: string, at: Date | undefined): void {
    if (at) this.lastTexted.set(pair(businessId, callerNumber), at);
    else this.lastTexted.delete(pair(businessId, callerNumber));
  }

  setLastAutoReply(businessId: string, callerNumber: string, at: Date | undefined): void {
    if (at) this.lastAutoReply.set(pair(businessId, callerNumber), at);
    else this.lastAutoReply.delete(pair(businessId, callerNumber));
  }

  lastAutoReplyAt(businessId: string, callerNumber: string): Date | undefined {
    return this.lastAutoReply.get(pair(businessId, callerNumber));
  }

  /** Everything decide() needs for this business and caller at `now`. */
  stateFor(businessId: string, callerNumber: string, now: Date): DispatchState {
    const business = this.businesses.get(businessId);
    return {
      business,
      subscription: this.subscription(business?.userId) ?? DEFAULT_SUBSCRIPTION,
      optedOut: this.isOptedOut(businessId, callerNumber),
      textedThisMonth: this.texted(businessId, this.monthOf(businessId, now)),
      lastTextedAt: this.lastTexted.get(pair(businessId, callerNumber)),
    };
  }

  /** Drops caller timestamps older than `before` and usage of other months, so memory stays bounded. */
  prune(before: Date, keepMonths: ReadonlySet<string>): void {
    for (const map of [this.lastTexted, this.lastAutoReply]) {
      for (const [key, at] of map) if (at < before) map.delete(key);
    }
    for (const key of this.usage.keys()) {
      if (!keepMonths.has(key.slice(key.lastIndexOf("|") + 1))) this.usage.delete(key);
    }
  }
}
