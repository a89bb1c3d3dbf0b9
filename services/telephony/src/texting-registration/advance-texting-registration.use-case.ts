import { TelephonyProviderError, type BusinessProfile, type ProviderAccount } from "@rebound/providers/telephony";
import { campaignContent } from "../domain/campaign-content";
import { brandOutcome, campaignOutcome } from "../domain/registration-progress";
import { viewStepOf } from "../domain/registration-view";
import { IN_FLIGHT_STATUSES, type RegistrationChanges, type TextingRegistrationRecord } from "../store/texting-registration.repository";
import type { TelephonyDeps } from "../telephony-deps";
import { ensureTextingAccount, findTextingAccount } from "./ensure-texting-account.use-case";
import { saveRegistrationChange } from "./registration-changes";
import { openInput } from "./submit-texting-registration.use-case";

/** A step that cannot go on, in words for the owner. */
class StepFailed extends Error {
  constructor(
    readonly reason: string,
    readonly code: string,
  ) {
    super(reason);
  }
}

const inFlight = (status: string) => (IN_FLIGHT_STATUSES as readonly string[]).includes(status);

/**
 * One step of a registration's saga (docs/texting-registration.md C3): at most one provider call, then
 * its result (a new sid, a status) saved with TextingRegistrationChanged before the next step runs.
 * account -> business_profile -> brand -> wait_brand -> messaging_service -> number -> campaign ->
 * wait_campaign -> done. A retryable provider error leaves the row for the next tick; a refusal (4xx)
 * fails the registration with the provider's message.
 */
export async function advanceTextingRegistration(deps: TelephonyDeps, registrationId: string): Promise<TextingRegistrationRecord | undefined> {
  const registration = await deps.textingRegistrations.findById(undefined, registrationId);
  if (!registration || !inFlight(registration.status) || !deps.registration) return registration ?? undefined;
  try {
    const changes = await runStep(deps, registration);
    return changes ? await saveRegistrationChange(deps, registration, changes) : registration;
  } catch (error) {
    if (error instanceof StepFailed) return fail(deps, registration, error.reason, error.code);
    if (error instanceof TelephonyProviderError && !error.retryable) {
      deps.logger.warn({ err: error, registrationId, step: registration.step }, "the provider refused a texting registration step");
      return fail(deps, registration, `${error.message.replace(/[.!?]?$/, ".")} Check your details and submit again.`, error.code ?? "provider_refused");
    }
    throw error;
  }
}

async function fail(deps: TelephonyDeps, registration: TextingRegistrationRecord, reason: string, code: string | null): Promise<TextingRegistrationRecord> {
  const key = viewStepOf(registration.step === "done" ? "wait_campaign" : registration.step, registration.kind, registration.status);
  const at = deps.clock.now().toISOString();
  deps.logger.info({ registrationId: registration.id, businessId: registration.businessId, code, step: registration.step }, "texting registration failed");
  return saveRegistrationChange(deps, registration, {
    status: "failed",
    failureCode: code,
    failureReason: reason,
    stepTimes: key ? { ...registration.stepTimes, [key]: at } : registration.stepTimes,
  });
}

async function accountOf(deps: TelephonyDeps, registration: TextingRegistrationRecord): Promise<ProviderAccount> {
  const account = await findTextingAccount(deps, registration.businessId);
  if (!account) throw new StepFailed("Your texting account is missing. Please submit again.", "account_missing");
  return account;
}

function done(registration: TextingRegistrationRecord, key: string, at: Date): Record<string, string> {
  return { ...registration.stepTimes, [key]: at.toISOString() };
}

async function runStep(deps: TelephonyDeps, registration: TextingRegistrationRecord): Promise<RegistrationChanges | undefined> {
  const provider = deps.registration!;
  const now = deps.clock.now();
  const { businessId, attempt, sids } = registration;
  const friendlyName = (step: string) => `rebound:${businessId}:${attempt}:${step}`;
  switch (registration.step) {
    case "account": {
      const account = await ensureTextingAccount(deps, businessId);
      if (!account) return undefined;
      return { step: "business_profile", sids: { ...sids, accountSid: account.accountSid }, stepTimes: done(registration, "account", now) };
    }
    case "business_profile": {
      const account = await accountOf(deps, registration);
      const profile = await businessProfile(deps, registration);
      const submitted = await provider.submitBusinessProfile(account, profile, {
        friendlyName: friendlyName("business_profile"),
        notificationEmail: deps.config.TEXTING_NOTIFICATION_EMAIL,
      });
      return {
        step: "brand",
        sids: { ...sids, customerProfile: submitted.customerProfileSid, trustProduct: submitted.trustProductSid },
        stepTimes: done(registration, "business_profile", now),
      };
    }
    case "brand": {
      if (!sids.customerProfile || !sids.trustProduct) throw new StepFailed("Your business profile is missing. Please submit again.", "profile_missing");
      const account = await accountOf(deps, registration);
      const brand = await provider.createBrand(account, {
        kind: registration.kind,
        profile: { customerProfileSid: sids.customerProfile, trustProductSid: sids.trustProduct },
      });
      return { step: "wait_brand", sids: { ...sids, brand: brand.sid } };
    }
    case "wait_brand": {
      const account = await accountOf(deps, registration);
      const brand = await provider.fetchBrand(account, sids.brand ?? "");
      const outcome = brandOutcome(registration.kind, brand);
      switch (outcome.kind) {
        case "wait":
          return undefined;
        case "needs_verification":
          return registration.status === "needs_verification" ? undefined : { status: "needs_verification", stepTimes: done(registration, "brand", now) };
        case "approved": {
          // A sole proprietor's brand step finished when it first asked for verification; this is the verification's end.
          const times: Record<string, string> = { ...registration.stepTimes, brand: registration.stepTimes.brand ?? now.toISOString() };
          if (registration.kind === "sole_proprietor") times.verification = now.toISOString();
          return { status: "brand_approved", step: "messaging_service", stepTimes: times };
        }
        case "failed":
          throw new StepFailed(outcome.reason, outcome.code ?? "brand_failed");
        default: {
          const unknown: never = outcome;
          throw new Error(`unknown brand outcome ${JSON.stringify(unknown)}`);
        }
      }
    }
    case "messaging_service": {
      const account = await accountOf(deps, registration);
      const base = deps.publicBaseUrl();
      const service = await provider.createMessagingService(account, {
        friendlyName: `rebound:${businessId}`.slice(0, 64),
        inboundRequestUrl: `${base}/webhooks/twilio/sms`,
        statusCallbackUrl: `${base}/webhooks/twilio/status`,
      });
      return { step: "number", sids: { ...sids, messagingService: service.sid } };
    }
    case "number": {
      const account = await accountOf(deps, registration);
      const number = await deps.phoneNumbers.findByBusiness(businessId);
      if (!number) throw new StepFailed("Your business has no dedicated number any more. Get your number, then submit again.", "no_number");
      if (number.accountSid !== account.accountSid) {
        // Numbers bought before subaccounts stay in the main account; moving them is a support task for now.
        throw new StepFailed("Your number is not yet in your own texting account. Please contact support to move it, then submit again.", "number_account");
      }
      await provider.addNumberToService(account, sids.messagingService ?? "", number.providerSid);
      return { step: "campaign", sids: { ...sids, phoneNumber: number.providerSid }, stepTimes: done(registration, "number", now) };
    }
    case "campaign": {
      const account = await accountOf(deps, registration);
      const texts = await deps.businesses.findTexts(businessId);
      const input = registration.input.plain;
      const name = texts?.businessName.trim() || input.legalName || texts?.ownerName.trim() || "Our business";
      const content = campaignContent(
        registration.kind,
        {
          name,
          website: texts?.website ?? "",
          email: texts?.email ?? "",
          emergencyNumber: texts?.emergencyNumber ?? "",
          smsMessage: texts?.smsMessage ?? "",
          afterHoursMessage: texts?.afterHoursMessage ?? "",
          afterHoursEnabled: texts?.afterHoursEnabled ?? false,
        },
        deps.publicBaseUrl(),
      );
      const campaign = await provider.createCampaign(account, { messagingServiceSid: sids.messagingService ?? "", brandSid: sids.brand ?? "", ...content });
      return { step: "wait_campaign", sids: { ...sids, campaign: campaign.sid } };
    }
    case "wait_campaign": {
      const account = await accountOf(deps, registration);
      const campaign = await provider.fetchCampaign(account, sids.messagingService ?? "", sids.campaign ?? "");
      const outcome = campaignOutcome(campaign);
      switch (outcome.kind) {
        case "wait":
          return undefined;
        case "approved":
          return { status: "approved", step: "done", approvedAt: now, stepTimes: done(registration, "campaign", now) };
        case "failed":
          throw new StepFailed(outcome.reason, outcome.code ?? "campaign_failed");
        default: {
          const unknown: never = outcome;
          throw new Error(`unknown campaign outcome ${JSON.stringify(unknown)}`);
        }
      }
    }
    case "done":
      return undefined;
    default: {
      const unknown: never = registration.step;
      throw new Error(`unknown registration step ${String(unknown)}`);
    }
  }
}

/** The profile the provider registers, from the owner's answers (opened) and the business's name. */
async function businessProfile(deps: TelephonyDeps, registration: TextingRegistrationRecord): Promise<BusinessProfile> {
  const input = openInput(deps, registration.input);
  const address = {
    street: input.street ?? "",
    city: input.city ?? "",
    region: input.region ?? "",
    postalCode: input.postalCode ?? "",
    country: input.country ?? "US",
  };
  if (registration.kind === "standard") {
    return {
      kind: "standard",
      ...address,
      legalName: input.legalName ?? "",
      ein: input.ein ?? "",
      businessType: input.businessType ?? "",
      industry: input.industry ?? "",
      website: input.website ?? "",
      contactFirstName: input.contactFirstName ?? "",
      contactLastName: input.contactLastName ?? "",
      contactEmail: input.contactEmail ?? "",
      contactPhone: input.contactPhone ?? "",
    };
  }
  const texts = await deps.businesses.findTexts(registration.businessId);
  const firstName = input.firstName ?? "";
  const lastName = input.lastName ?? "";
  return {
    kind: "sole_proprietor",
    ...address,
    firstName,
    lastName,
    email: input.email ?? "",
    mobilePhone: input.mobilePhone ?? "",
    brandName: texts?.businessName.trim() || `${firstName} ${lastName}`.trim(),
  };
}
