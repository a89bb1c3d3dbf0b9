import { screen, waitFor } from "@testing-library/react";
import { billingAnswer, signedInUser } from "@/test/billing";
import { renderWithProviders, stubFetch } from "@/test/render";
import { GetNumberCard } from "./get-number-card";
import { PlanBanner } from "./plan-banner";

describe("plan banner", () => {
  beforeEach(() => {
    document.cookie = "rebound.signed-in=1; path=/";
  });
  afterEach(() => {
    document.cookie = "rebound.signed-in=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/";
  });

  it("given no subscription, then it asks for a plan (the $1 trial included) with a button to checkout at the sign-up plan", async () => {
    stubFetch({
      "GET /api/billing": () => ({ status: 200, body: billingAnswer(null) }),
      "GET /api/auth/user": () => ({ status: 200, body: signedInUser({ subscriptionPlan: "enterprise", billingFrequency: "yearly" }) }),
    });
    await renderWithProviders(<PlanBanner />);
    const banner = await screen.findByTestId("plan-banner");
    expect(banner).toHaveTextContent("Choose a plan to start texting back your missed callers.");
    expect(banner).toHaveTextContent("trial for $1");
    await waitFor(() => expect(screen.getByRole("link", { name: "Choose a Plan" })).toHaveAttribute("href", "/checkout/custom/yearly"));
  });

  it("given a subscription that ended, then it says missed calls are not being texted back", async () => {
    stubFetch({
      "GET /api/billing": () => ({ status: 200, body: billingAnswer("canceled") }),
      "GET /api/auth/user": () => ({ status: 200, body: signedInUser() }),
    });
    await renderWithProviders(<PlanBanner />);
    expect(await screen.findByTestId("plan-banner")).toHaveTextContent("Your subscription has ended: missed calls are not being texted back.");
    expect(screen.getByRole("link", { name: "Choose a Plan" })).toHaveAttribute("href", "/checkout/professional/monthly");
  });

  it("given a subscription in good standing, or billing failing or still loading, then nothing shows", async () => {
    for (const answer of [
      { status: 200, body: billingAnswer("past_due") },
      { status: 500, body: { message: "down" } },
    ]) {
      const calls = stubFetch({ "GET /api/billing": () => answer, "GET /api/auth/user": () => ({ status: 200, body: signedInUser() }) });
      const { unmount } = await renderWithProviders(<PlanBanner />);
      expect(screen.queryByTestId("plan-banner")).toBeNull(); // while loading
      await waitFor(() => expect(calls.some((call) => call.path === "/api/billing")).toBe(true));
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(screen.queryByTestId("plan-banner")).toBeNull();
      unmount();
    }
  });
});

describe("get-number card", () => {
  beforeEach(() => {
    document.cookie = "rebound.signed-in=1; path=/";
  });
  afterEach(() => {
    document.cookie = "rebound.signed-in=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/";
  });

  it("given no subscription, then a plan comes first and its button goes to checkout", async () => {
    stubFetch({ "GET /api/billing": () => ({ status: 200, body: billingAnswer(null) }), "GET /api/auth/user": () => ({ status: 200, body: signedInUser() }) });
    await renderWithProviders(<GetNumberCard />);
    expect(await screen.findByTestId("get-number-plan-first")).toHaveTextContent("First, choose a plan");
    expect(screen.getByRole("link", { name: "Choose a Plan" })).toHaveAttribute("href", "/checkout/professional/monthly");
    expect(screen.queryByRole("link", { name: "Select Your Phone Number" })).toBeNull();
  });

  it("given a subscription in good standing, then it goes to number selection", async () => {
    stubFetch({
      "GET /api/billing": () => ({ status: 200, body: billingAnswer("trialing") }),
      "GET /api/auth/user": () => ({ status: 200, body: signedInUser() }),
    });
    await renderWithProviders(<GetNumberCard />);
    expect(await screen.findByRole("link", { name: "Select Your Phone Number" })).toHaveAttribute("href", "/phone-number-selection");
    expect(screen.queryByRole("link", { name: "Choose a Plan" })).toBeNull();
  });
});
