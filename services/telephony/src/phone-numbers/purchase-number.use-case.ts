import { AppError } from "@rebound/platform";
import { TelephonyProviderError, type AccountScope, type PurchasedNumber } from "@rebound/providers/telephony";
import { timestampFromDate } from "@rebound/contracts";
import { randomUUID } from "node:crypto";
import { CHOOSE_PLAN_FOR_NUMBER_MESSAGE, countryOfNumber, displayPhoneNumber, isInGoodStanding } from "@rebound/contracts/domain";
import { numberWebhooks } from "../domain/webhook-urls";
import { isUniqueViolation } from "../store/prisma-errors";
import { ensureTextingAccount } from "../texting-registration/ensure-texting-account.use-case";
import type { PhoneNumberRecord } from "../store/phone-number.repository";
import type { TelephonyDeps } from "../telephony-deps";

export const PURCHASE_FAILED_MESSAGE = "Failed to purchase phone number. Please try again.";

const alreadyHasNumber = (phoneNumber: string) =>
  new AppError("CONFLICT", `Your business already has a dedicated phone number (${displayPhoneNumber(phoneNumber)}). Each business can have only one.`);

/** How long a purchase right after sign-up waits for BusinessCreated (and UserRegistered) to reach this service. */
export const BUSINESS_PROJECTION_WAIT_MS = 10_000;

const choosePlan = () => new AppError("PAYMENT_REQUIRED", CHOOSE_PLAN_FOR_NUMBER_MESSAGE);

/** A number is sold only to a subscription in good standing (trialing, active, past due in its grace). */
async function requireSubscription(deps: TelephonyDeps, userId: string): Promise<void> {
  const status = await deps.sync.waitForEntitlement(userId, BUSINESS_PROJECTION_WAIT_MS);
  if (status === undefined || !isInGoodStanding(status)) throw choosePlan();
}

/**
 * Buys `phoneNumber` for the signed-in user's business: one dedicated number per
 * business (a second is a 409), only with a subscription in good standing (else 402), webhooks pointed at our public URLs, then the row
 * and PhoneNumberPurchased in one transaction. If a concurrent purchase won the
 * race, the number just bought is given back to the provider.
 */
export async function purchaseNumber(deps: TelephonyDeps, userId: string, phoneNumber: string): Promise<PhoneNumberRecord> {
  // Right after sign-up the user's events may still be on their way, so the purchase waits for
  // what it needs (bounded; woken when the read model learns it) instead of answering 404 or 402 (issue 16).
  const businessId = await deps.sync.waitForBusinessIdOfUser(userId, BUSINESS_PROJECTION_WAIT_MS);
  if (!businessId) throw new AppError("NOT_FOUND", "Business not found. Please complete your business profile first.");
  const existing = await deps.sync.resolveDedicatedNumber(businessId);
  if (existing) throw alreadyHasNumber(existing);
  await requireSubscription(deps, userId);

  // The number is bought in the business's own subaccount (created now, the first time), where its
  // texting registration lives (docs/texting-registration.md C2).
  const accountSid = await subaccountOf(deps, businessId);
  const scope = accountSid ? { accountSid } : undefined;
  const purchased = await buy(deps, phoneNumber, scope);
  const record: PhoneNumberRecord = {
    id: randomUUID(),
    businessId,
    userId,
    phoneNumber: purchased.phoneNumber,
    providerSid: purchased.sid,
    accountSid: accountSid ?? null,
    country: countryOfNumber(purchased.phoneNumber),
    purchasedAt: deps.clock.now(),
  };
  try {
    await deps.db.transaction(async (tx) => {
      await deps.phoneNumbers.insert(tx, record);
      tx.append("PhoneNumberPurchased", businessId, {
        businessId,
        userId,
        phoneNumber: record.phoneNumber,
        providerSid: record.providerSid,
        country: record.country,
        purchasedAt: timestampFromDate(record.purchasedAt),
        accountSid: record.accountSid ?? "",
      });
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    await deps.provider
      .releaseNumber(purchased.sid, scope)
      .catch((releaseError: unknown) =>
        deps.logger.error({ err: releaseError, sid: purchased.sid }, "could not give back a number bought by a losing concurrent purchase"),
      );
    const winner = await deps.phoneNumbers.findByBusiness(businessId);
    throw winner ? alreadyHasNumber(winner.phoneNumber) : new AppError("CONFLICT", "That phone number was just taken. Please choose another number.");
  }
  deps.sync.directory.putNumber(record);
  deps.logger.info({ businessId, phoneNumber: record.phoneNumber }, "dedicated number purchased");
  return record;
}

async function subaccountOf(deps: TelephonyDeps, businessId: string): Promise<string | undefined> {
  try {
    return (await ensureTextingAccount(deps, businessId))?.accountSid;
  } catch (error) {
    deps.logger.warn({ err: error, businessId }, "could not create the business's provider subaccount");
    throw new AppError("UPSTREAM_FAILED", PURCHASE_FAILED_MESSAGE, { cause: error });
  }
}

async function buy(deps: TelephonyDeps, phoneNumber: string, scope: AccountScope | undefined): Promise<PurchasedNumber> {
  try {
    return await deps.provider.purchaseNumber(phoneNumber, numberWebhooks(deps.publicBaseUrl()), ...(scope ? [scope] : []));
  } catch (error) {
    if (!(error instanceof TelephonyProviderError)) throw error;
    deps.logger.warn({ err: error, phoneNumber }, "number purchase failed at the provider");
    if (error.code === "21422") {
      throw new AppError("CONFLICT", "That phone number is no longer available. Please search again and choose another number.", { cause: error });
    }
    if (error.code === "21421") throw new AppError("VALIDATION_FAILED", "Please enter a valid phone number", { cause: error });
    throw new AppError("UPSTREAM_FAILED", PURCHASE_FAILED_MESSAGE, { cause: error });
  }
}
