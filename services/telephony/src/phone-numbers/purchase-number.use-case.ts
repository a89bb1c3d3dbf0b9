import { AppError, TelephonyProviderError, type PurchasedNumber } from "@rebound/platform";
import { timestampFromDate } from "@rebound/contracts";
import { randomUUID } from "node:crypto";
import { countryOfNumber, displayPhoneNumber } from "../domain/phone-numbers";
import { numberWebhooks } from "../domain/webhook-urls";
import { isUniqueViolation } from "../store/prisma-errors";
import { phoneNumberRepository, type PhoneNumberRecord } from "../store/phone-number.repository";
import type { TelephonyContext } from "../telephony-context";

export const PURCHASE_FAILED_MESSAGE = "Failed to purchase phone number. Please try again.";

const alreadyHasNumber = (phoneNumber: string) =>
  new AppError(
    "CONFLICT",
    `Your business already has a dedicated phone number (${displayPhoneNumber(phoneNumber)}). Each business can have only one.`,
  );

/**
 * Buys `phoneNumber` for the signed-in user's business: one dedicated number per
 * business (a second is a 409), webhooks pointed at our public URLs, then the row
 * and PhoneNumberPurchased in one transaction. If a concurrent purchase won the
 * race, the number just bought is given back to the provider.
 */
export async function purchaseNumber(context: TelephonyContext, userId: string, phoneNumber: string): Promise<PhoneNumberRecord> {
  const businessId = await context.sync.resolveBusinessIdOfUser(userId);
  if (!businessId) throw new AppError("NOT_FOUND", "Business not found. Please complete your business profile first.");
  const existing = await context.sync.resolveDedicatedNumber(businessId);
  if (existing) throw alreadyHasNumber(existing);

  const purchased = await buy(context, phoneNumber);
  const record: PhoneNumberRecord = {
    id: randomUUID(),
    businessId,
    userId,
    phoneNumber: purchased.phoneNumber,
    providerSid: purchased.sid,
    country: countryOfNumber(purchased.phoneNumber),
    purchasedAt: context.clock.now(),
  };
  try {
    await context.db.transaction(async (tx) => {
      await phoneNumberRepository.insert(tx, record);
      tx.append("PhoneNumberPurchased", businessId, {
        businessId,
        userId,
        phoneNumber: record.phoneNumber,
        providerSid: record.providerSid,
        country: record.country,
        purchasedAt: timestampFromDate(record.purchasedAt),
      });
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    await context.provider.releaseNumber(purchased.sid).catch((releaseError: unknown) =>
      context.logger.error({ err: releaseError, sid: purchased.sid }, "could not give back a number bought by a losing concurrent purchase"),
    );
    const winner = await phoneNumberRepository.findByBusiness(context.db.client, businessId);
    throw winner ? alreadyHasNumber(winner.phoneNumber) : new AppError("CONFLICT", "That phone number was just taken. Please choose another number.");
  }
  context.sync.directory.putNumber(record);
  context.logger.info({ businessId, phoneNumber: record.phoneNumber }, "dedicated number purchased");
  return record;
}

async function buy(context: TelephonyContext, phoneNumber: string): Promise<PurchasedNumber> {
  try {
    return await context.provider.purchaseNumber(phoneNumber, numberWebhooks(context.publicBaseUrl()));
  } catch (error) {
    if (!(error instanceof TelephonyProviderError)) throw error;
    context.logger.warn({ err: error, phoneNumber }, "number purchase failed at the provider");
    if (error.code === "21422") {
      throw new AppError("CONFLICT", "That phone number is no longer available. Please search again and choose another number.", { cause: error });
    }
    if (error.code === "21421") throw new AppError("VALIDATION_FAILED", "Please enter a valid phone number", { cause: error });
    throw new AppError("UPSTREAM_FAILED", PURCHASE_FAILED_MESSAGE, { cause: error });
  }
}
