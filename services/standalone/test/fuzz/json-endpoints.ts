import {
  changePasswordSchema,
  conversationOutcomeSchema,
  forgotPasswordSchema,
  loginSchema,
  ownerReplySchema,
  profileSchema,
  registerSchema,
  resetPasswordSchema,
  textingRegistrationSchema,
  TIME_ZONES,
  verifyEmailSchema,
} from "@rebound/contracts/domain";
import fc from "fast-check";
import type { z } from "zod";
// Tests only: the fuzz suite reads each service's request schemas from their files, to derive bodies from them.
import { changePlanSchema } from "../../../billing/src/change-plan/change-plan.schema";
import { confirmSubscriptionSchema, createSubscriptionSchema } from "../../../billing/src/checkout/checkout.schema";
import { confirmSetupSchema, createPaymentIntentSchema, updatePaymentMethodSchema } from "../../../billing/src/payment-setup/payment-setup.schema";
import { updateProfileSchema as businessProfileSchema } from "../../../business/src/update-profile/update-profile.schema";
import { updateSettingsSchema } from "../../../business/src/update-settings/update-settings.schema";
import { forwardingTestSchema } from "../../../telephony/src/forwarding-test/run-forwarding-test.schema";
import { updateSelfTestSchema } from "../../../telephony/src/forwarding-watchdog/update-self-test.schema";
import { purchaseSchema } from "../../../telephony/src/phone-numbers/purchase-number.schema";
import { resendVerificationSchema } from "../../../telephony/src/texting-registration/resend-verification.schema";
import { plainEmail, type Overrides } from "./zod-arbitrary";

/** What the suite knows once its owner is signed up. */
export interface FuzzContext {
  ownerEmail: string;
  ownerPassword: string;
  /** Numbers the simulator offers, so some purchases are valid. */
  availableNumbers: string[];
}

export interface JsonEndpoint {
  method: "POST" | "PUT" | "PATCH" | "DELETE";
  path: string;
  /** The route's request schema; null for routes that take no body (any body must be ignored safely). */
  schema: z.ZodType | null;
  /** Semantic values the schema checks in code (phone numbers, time zones), so some bodies are valid. */
  overrides?: Overrides;
  /** Cross-field rules (refine) made to hold before mutation, e.g. confirmPassword = password. */
  fixup?: (body: Record<string, unknown>) => Record<string, unknown>;
  /** "never": sent without the owner's session only (sign-up, sign-in and logout replace or end the session they are sent with). */
  session?: "both" | "never";
}

const phones = fc.constantFrom("+12125550123", "(415) 555-0100", "+1 604 555 0199", "+44 20 7946 0958", "555", "+19005550100");
const time = fc.constantFrom("00:00", "09:00", "12:30", "17:00", "23:59", "25:00", "9am");
const day = fc.record({ open: time, close: time, enabled: fc.boolean() });
const sameConfirmation = (password: string, confirm: string) => (body: Record<string, unknown>) => ({ ...body, [confirm]: body[password] });

/**
 * Every JSON route of the public API (non-GET under /api), with its request schema. The suite
 * checks this list against the routes the composed app registers: a new endpoint fails it until
 * it is listed here with its schema.
 */
export function jsonEndpoints(context: FuzzContext): JsonEndpoint[] {
  const emails = fc.oneof(fc.constant(context.ownerEmail), plainEmail);
  const passwords = fc.oneof(fc.constant(context.ownerPassword), fc.string({ minLength: 6, maxLength: 20 }));
  return [
    {
      method: "POST",
      path: "/api/register",
      schema: registerSchema,
      session: "never",
      fixup: sameConfirmation("password", "confirmPassword"),
      overrides: { paymentMethodId: fc.option(fc.constantFrom("pm_card_visa", "pm_fuzz"), { nil: undefined }) },
    },
    { method: "POST", path: "/api/login", schema: loginSchema, session: "never", overrides: { email: emails, password: passwords } },
    { method: "POST", path: "/api/logout", schema: null, session: "never" },
    { method: "POST", path: "/api/auth/forgot-password", schema: forgotPasswordSchema, overrides: { email: emails } },
    { method: "POST", path: "/api/auth/reset-password", schema: resetPasswordSchema, fixup: sameConfirmation("password", "confirmPassword") },
    { method: "POST", path: "/api/auth/verify-email", schema: verifyEmailSchema },
    { method: "POST", path: "/api/auth/resend-verification", schema: null },
    // never the real current password: a fuzzed success would end the owner's sessions
    { method: "PUT", path: "/api/auth/change-password", schema: changePasswordSchema, fixup: sameConfirmation("newPassword", "confirmPassword") },
    { method: "PATCH", path: "/api/user/profile", schema: profileSchema, overrides: { email: emails } },
    { method: "PATCH", path: "/api/user/mark-tutorial-seen", schema: null },
    {
      method: "POST",
      path: "/api/business",
      schema: updateSettingsSchema,
      overrides: {
        timeZone: fc.constantFrom(...TIME_ZONES.map((zone) => zone.value), "Mars/Olympus"),
        businessHours: fc.record({ monday: day, tuesday: day, wednesday: day, thursday: day, friday: day, saturday: day, sunday: day }),
        "doNotTextNumbers[]": phones,
      },
    },
    {
      method: "PATCH",
      path: "/api/business/profile",
      schema: businessProfileSchema,
      overrides: {
        businessPhone: phones,
        emergencyNumber: fc.option(phones, { nil: undefined }),
        website: fc.option(fc.constantFrom("example.com", "https://acme.test/menu", "", "not a site"), { nil: undefined }),
      },
    },
    {
      method: "POST",
      path: "/api/phone-numbers/purchase",
      schema: purchaseSchema,
      overrides: { phoneNumber: fc.oneof(fc.constantFrom(...context.availableNumbers), phones) },
    },
    { method: "POST", path: "/api/test/call-forwarding", schema: forwardingTestSchema, overrides: { phoneNumber: phones } },
    {
      method: "PUT",
      path: "/api/forwarding/self-test",
      schema: updateSelfTestSchema,
      overrides: {
        weekday: fc.oneof(fc.constantFrom("tuesday", "Sunday", "funday", ""), fc.integer({ min: -2, max: 8 })),
        time: fc.constantFrom("10:00", "23:30", "9:5", "25:00", ""),
      },
    },
    {
      method: "POST",
      path: "/api/texting-registration",
      schema: textingRegistrationSchema,
      overrides: {
        ein: fc.constantFrom("12-3456789", "123456789", "00-0000000", "12345", ""),
        website: fc.constantFrom("https://acme.example.com", "http://acme.example.com", "acme", ""),
        contactPhone: phones,
        mobilePhone: phones,
      },
    },
    { method: "POST", path: "/api/texting-registration/verify", schema: resendVerificationSchema },
    { method: "POST", path: "/api/create-payment-intent", schema: createPaymentIntentSchema },
    { method: "POST", path: "/api/create-subscription", schema: createSubscriptionSchema },
    {
      method: "POST",
      path: "/api/billing/local/confirm-setup",
      schema: confirmSetupSchema,
      overrides: { cardNumber: fc.constantFrom("4242 4242 4242 4242", "4000000000000002", "1234") },
    },
    { method: "POST", path: "/api/billing/local/confirm-subscription", schema: confirmSubscriptionSchema },
    { method: "POST", path: "/api/billing/change-plan", schema: changePlanSchema },
    { method: "POST", path: "/api/billing/cancel", schema: null },
    { method: "POST", path: "/api/billing/reactivate", schema: null },
    {
      method: "POST",
      path: "/api/billing/payment-method",
      schema: updatePaymentMethodSchema,
      overrides: { paymentMethodId: fc.constantFrom("pm_card_visa", "pm_card_mastercard", "pm_unknown") },
    },
    // The inbox (messaging): sent to the literal ":id", a thread of nobody's (404 whatever the body).
    { method: "POST", path: "/api/conversations/:id/messages", schema: ownerReplySchema },
    { method: "POST", path: "/api/conversations/:id/read", schema: null },
    { method: "PUT", path: "/api/conversations/:id/outcome", schema: conversationOutcomeSchema },
  ];
}
