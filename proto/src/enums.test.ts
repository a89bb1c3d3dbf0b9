import { DEFAULT_SIGN_UP_PLAN } from "./domain/plans";
import { ENTITLEMENT_STATUSES, type EntitlementStatus } from "./domain/entitlement";
import { create } from "@bufbuild/protobuf";
import { DEFAULT_WEEKLY_HOURS } from "./domain/business-hours";
import { billingFrequencyFromName, billingFrequencyName, entitlementStatusOf, planFromName, planName, weeklyHoursFromEvent, type PlanName } from "./enums";
import { SubscriptionStatus } from "./gen/rebound/billing/v1/events_pb";
import { BillingFrequency, DayHoursSchema, DayOfWeek, Plan } from "./gen/rebound/common/v1/common_pb";

/** Every value of a generated enum, so a value added to the .proto fails these tests until it is mapped. */
const valuesOf = (enumObject: object): number[] => Object.values(enumObject).filter((value): value is number => typeof value === "number");

describe("contracts' enum mappings", () => {
  const planNames: Record<Plan, PlanName> = {
    [Plan.UNSPECIFIED]: "professional",
    [Plan.STARTER]: "starter",
    [Plan.PROFESSIONAL]: "professional",
    [Plan.ENTERPRISE]: "enterprise",
  };

  it("given the table, when compared with the generated Plan enum, then it names every value", () => {
    expect(valuesOf(Plan).sort()).toEqual(Object.keys(planNames).map(Number).sort());
  });

  it.each(valuesOf(Plan))("given Plan %i, when named, then it is the pinned plan", (plan) => {
    expect(planName(plan)).toBe(planNames[plan as Plan]);
  });

  it("given an unspecified plan, when named, then it is sign-up's default plan, professional (what sign-up bills)", () => {
    expect(planName(Plan.UNSPECIFIED)).toBe(DEFAULT_SIGN_UP_PLAN);
    expect(DEFAULT_SIGN_UP_PLAN).toBe("professional");
  });

  it("given a plan value newer than this build, when named, then it is the sign-up default", () => {
    expect(planName(99 as Plan)).toBe(DEFAULT_SIGN_UP_PLAN);
  });

  it.each([
    ["starter", Plan.STARTER],
    ["professional", Plan.PROFESSIONAL],
    ["enterprise", Plan.ENTERPRISE],
    ["custom", Plan.ENTERPRISE],
    ["", Plan.UNSPECIFIED],
    ["gold", Plan.UNSPECIFIED],
  ] as const)("given the plan name %j, when encoded, then it is %i", (name, plan) => {
    expect(planFromName(name)).toBe(plan);
  });

  it.each(["starter", "professional", "enterprise"] as const)("given the plan %s, when encoded and named again, then it is unchanged", (name) => {
    expect(planName(planFromName(name))).toBe(name);
  });

  const statuses: Record<SubscriptionStatus, EntitlementStatus> = {
    [SubscriptionStatus.UNSPECIFIED]: "unknown",
    [SubscriptionStatus.TRIALING]: "trialing",
    [SubscriptionStatus.ACTIVE]: "active",
    [SubscriptionStatus.PAST_DUE]: "past_due",
    [SubscriptionStatus.CANCELED]: "canceled",
    [SubscriptionStatus.INCOMPLETE]: "incomplete",
    [SubscriptionStatus.UNPAID]: "unpaid",
  };

  it("given the table, when compared with the generated SubscriptionStatus enum, then it names every value", () => {
    expect(valuesOf(SubscriptionStatus).sort()).toEqual(Object.keys(statuses).map(Number).sort());
  });

  it.each(valuesOf(SubscriptionStatus))("given SubscriptionStatus %i, when read as an entitlement status, then it is the pinned one", (status) => {
    const name = entitlementStatusOf(status);
    expect(name).toBe(statuses[status as SubscriptionStatus]);
    expect(ENTITLEMENT_STATUSES).toContain(name);
  });

  it("given a status value newer than this build, when read, then it is unknown", () => {
    expect(entitlementStatusOf(99 as SubscriptionStatus)).toBe("unknown");
  });

  it.each([
    [BillingFrequency.UNSPECIFIED, "monthly"],
    [BillingFrequency.MONTHLY, "monthly"],
    [BillingFrequency.YEARLY, "yearly"],
  ] as const)("given BillingFrequency %i, when named, then it is %s", (frequency, name) => {
    expect(billingFrequencyName(frequency)).toBe(name);
  });

  it("given the frequency table, when compared with the generated enum, then it names every value", () => {
    expect(valuesOf(BillingFrequency).sort()).toEqual([BillingFrequency.UNSPECIFIED, BillingFrequency.MONTHLY, BillingFrequency.YEARLY].sort());
  });

  it.each([
    ["monthly", BillingFrequency.MONTHLY],
    ["yearly", BillingFrequency.YEARLY],
    ["weekly", BillingFrequency.MONTHLY],
  ] as const)("given the frequency name %j, when encoded, then it is %i", (name, frequency) => {
    expect(billingFrequencyFromName(name)).toBe(frequency);
  });
});

describe("weeklyHoursFromEvent", () => {
  it("given every value of DayOfWeek but UNSPECIFIED, then each names a day of the week", () => {
    const days = valuesOf(DayOfWeek).filter((day) => day !== DayOfWeek.UNSPECIFIED);
    const week = weeklyHoursFromEvent(days.map((day) => create(DayHoursSchema, { day, open: "08:00", close: "12:00", enabled: true })));
    expect(Object.values(week).every((hours) => hours.enabled && hours.open === "08:00")).toBe(true);
  });

  it("given an event with some days, then those are as sent and the others closed; with none, the default week", () => {
    const week = weeklyHoursFromEvent([create(DayHoursSchema, { day: DayOfWeek.SATURDAY, open: "10:00", close: "14:00", enabled: true })]);
    expect(week.saturday).toEqual({ open: "10:00", close: "14:00", enabled: true });
    expect(week.monday.enabled).toBe(false);
    expect(weeklyHoursFromEvent([])).toEqual(DEFAULT_WEEKLY_HOURS);
  });
});
