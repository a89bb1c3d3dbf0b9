import { screen } from "@testing-library/react";
import { renderWithProviders, stubFetch } from "@/test/render";
import { VerifyEmailBanner } from "./verify-email-banner";

const user = {
  id: "u1",
  email: "pat@exmaple.com",
  firstName: "Pat",
  lastName: "Owner",
  isEmailVerified: false,
  subscriptionPlan: "starter",
  subscriptionStatus: "trial",
  billingFrequency: "monthly",
  trialEndsAt: "2026-12-01T00:00:00Z",
  hasSeenTutorial: true,
};

describe("verify-email banner", () => {
  beforeEach(() => {
    document.cookie = "rebound.signed-in=1; path=/";
  });
  afterEach(() => {
    document.cookie = "rebound.signed-in=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/";
  });

  it("given an unverified user, then it names the address the link went to", async () => {
    stubFetch({ "GET /api/auth/user": () => ({ status: 200, body: { ...user, pendingEmail: null } }) });
    await renderWithProviders(<VerifyEmailBanner />);
    expect(await screen.findByRole("region", { name: "Email verification" })).toHaveTextContent("We sent a link to pat@exmaple.com.");
  });

  it("given an address corrected in settings and waiting for its link, then it names the new address (where Resend Email sends)", async () => {
    stubFetch({ "GET /api/auth/user": () => ({ status: 200, body: { ...user, pendingEmail: "pat@example.com" } }) });
    await renderWithProviders(<VerifyEmailBanner />);
    expect(await screen.findByRole("region", { name: "Email verification" })).toHaveTextContent("We sent a link to pat@example.com.");
  });
});
