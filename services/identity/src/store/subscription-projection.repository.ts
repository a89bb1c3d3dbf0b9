import type { PlanView } from "../domain/subscription-projection";
import type { IdentityDb, IdentityTx } from "./identity-db";

/** The subscription_projection table: billing's plan facts about each account, as the user payload reads them. */
export class SubscriptionProjectionRepository {
  constructor(private readonly db: IdentityDb) {}

  async find(userId: string): Promise<PlanView | null> {
    return this.db.client.subscriptionProjection.findUnique({ where: { userId }, select: SELECTED });
  }

  /** The sign-up's seed, in the transaction that creates the account. */
  async insert(tx: IdentityTx, userId: string, plan: PlanView, now: Date): Promise<void> {
    await tx.subscriptionProjection.create({ data: { userId, ...plan, updatedAt: now } });
  }

  /** Billing's state replaces what was known; a change without a trial end keeps the known one (`fallbackTrialEndsAt` for a first row). */
  async apply(
    tx: IdentityTx,
    userId: string,
    change: Omit<PlanView, "trialEndsAt"> & { trialEndsAt?: Date },
    fallbackTrialEndsAt: Date,
    now: Date,
  ): Promise<void> {
    await tx.subscriptionProjection.upsert({
      where: { userId },
      create: { userId, ...change, trialEndsAt: change.trialEndsAt ?? fallbackTrialEndsAt, updatedAt: now },
      update: { ...change, updatedAt: now },
    });
  }
}

const SELECTED = { plan: true, status: true, billingFrequency: true, trialEndsAt: true } as const;
