import { registrationView, type RegistrationState } from "./registration-view";

const state = (overrides: Partial<RegistrationState>): RegistrationState => ({
  kind: "standard",
  status: "submitted",
  step: "account",
  stepTimes: {},
  failureReason: null,
  submittedAt: new Date("2026-11-26T12:00:00Z"),
  approvedAt: null,
  ...overrides,
});

const states = (view: ReturnType<typeof registrationView>) => Object.fromEntries(view.steps.map((step) => [step.key, step.state]));

describe("registration view", () => {
  it("given none, then not_started, standard fees, no steps", () => {
    expect(registrationView(null, false)).toMatchObject({ status: "not_started", kind: null, steps: [], required: false, fees: { billing: "included" } });
  });

  it("given a standard one waiting for its brand, then the first steps done and the brand in progress", () => {
    expect(states(registrationView(state({ step: "wait_brand", stepTimes: { account: "a", business_profile: "b" } }), true))).toEqual({
      account: "done",
      business_profile: "done",
      brand: "in_progress",
      number: "not_started",
      campaign: "not_started",
    });
  });

  it("given a sole proprietor waiting for the YES, then the brand done and the verification in progress", () => {
    expect(states(registrationView(state({ kind: "sole_proprietor", status: "needs_verification", step: "wait_brand" }), true))).toMatchObject({
      brand: "done",
      verification: "in_progress",
      number: "not_started",
    });
  });

  it("given a failure at the campaign, then that step failed and the reason shown", () => {
    const view = registrationView(state({ status: "failed", step: "wait_campaign", failureReason: "Refused." }), true);
    expect(states(view)).toMatchObject({ number: "done", campaign: "failed" });
    expect(view.failureReason).toBe("Refused.");
  });
});
