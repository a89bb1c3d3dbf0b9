// Fills the in-memory read model from messaging's own tables: everything at start (no other
// service needed), then rows changed since, on an interval, so replicas that did not handle
// an event themselves converge.
import type { Clock } from "@rebound/platform";
import { MAX_DUPLICATE_WINDOW_SECONDS } from "../domain/dispatch-config";
import type { BusinessConfigRepository } from "../store/business-config.repository";
import type { CallerStateRepository } from "../store/caller-state.repository";
import type { DispatchReadModel } from "./dispatch-read-model";

/** Rows can commit slightly out of timestamp order; re-reading a little overlap is harmless (idempotent). */
const OVERLAP_MS = 5_000;
/** Every zone's current month: the UTC months of now-14 h and now+14 h. */
const ZONE_SPREAD_MS = 14 * 60 * 60 * 1000;

function utcMonth(at: Date): string {
  return at.toISOString().slice(0, 7);
}

export function currentMonths(now: Date): Set<string> {
  return new Set([utcMonth(new Date(now.getTime() - ZONE_SPREAD_MS)), utcMonth(new Date(now.getTime() + ZONE_SPREAD_MS))]);
}

const later = (a: Date | undefined, b: Date | undefined) => (a && b ? (a > b ? a : b) : (a ?? b));

export class ReadModelLoader {
  private businessesSeen?: Date;
  private subscriptionsSeen?: Date;
  private optOutsSeen?: Date;

  constructor(
    private readonly readModel: DispatchReadModel,
    private readonly configs: BusinessConfigRepository,
    private readonly callers: CallerStateRepository,
    private readonly clock: Clock,
  ) {}

  async loadAll(): Promise<void> {
    const now = this.clock.now();
    await this.refresh();
    const since = new Date(now.getTime() - MAX_DUPLICATE_WINDOW_SECONDS * 1000);
    for (const contact of await this.callers.loadContacts(since)) {
      this.readModel.setLastTexted(contact.businessId, contact.callerNumber, contact.lastTextedAt ?? undefined);
      this.readModel.setLastAutoReply(contact.businessId, contact.callerNumber, contact.lastAutoReplyAt ?? undefined);
    }
    for (const usage of await this.callers.loadUsage([...currentMonths(now)])) {
      this.readModel.setTexted(usage.businessId, usage.month, usage.texted);
    }
  }

  /** Applies rows changed since the last load; prunes what no decision can need any more. */
  async refresh(): Promise<void> {
    const margin = (seen: Date | undefined) => (seen ? new Date(seen.getTime() - OVERLAP_MS) : undefined);
    for (const row of await this.configs.loadBusinesses(margin(this.businessesSeen))) {
      this.readModel.putBusiness(row.value);
      this.businessesSeen = later(this.businessesSeen, row.updatedAt);
    }
    for (const row of await this.configs.loadSubscriptions(margin(this.subscriptionsSeen))) {
      this.readModel.putSubscription(row.value.userId, row.value.view);
      this.subscriptionsSeen = later(this.subscriptionsSeen, row.updatedAt);
    }
    for (const row of await this.callers.loadOptOuts(margin(this.optOutsSeen))) {
      this.readModel.setOptedOut(row.businessId, row.callerNumber, row.optedOut);
      this.optOutsSeen = later(this.optOutsSeen, row.updatedAt);
    }
    const now = this.clock.now();
    this.readModel.prune(new Date(now.getTime() - MAX_DUPLICATE_WINDOW_SECONDS * 1000), currentMonths(now));
  }

  /** Re-reads one caller's state (after a guarded write found the read model stale). */
  async reloadCaller(businessId: string, callerNumber: string, month: string): Promise<void> {
    const [optedOut, contact, texted] = await Promise.all([
      this.callers.isOptedOut(businessId, callerNumber),
      this.callers.loadContact(businessId, callerNumber),
      this.callers.loadUsageOf(businessId, month),
    ]);
    this.readModel.setOptedOut(businessId, callerNumber, optedOut);
    this.readModel.setLastTexted(businessId, callerNumber, contact?.lastTextedAt ?? undefined);
    this.readModel.setLastAutoReply(businessId, callerNumber, contact?.lastAutoReplyAt ?? undefined);
    this.readModel.setTexted(businessId, month, texted);
  }
}
