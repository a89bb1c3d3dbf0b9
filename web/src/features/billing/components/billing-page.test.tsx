import { screen, waitFor } from "@testing-library/react";
import { billingAnswer, signedInUser } from "@/test/billing";
import { renderWithProviders, stubFetch } from "@/test/render";
import { BillingPage } from "./billing-page";

describe("billing page", () => {
  beforeEach(() => {
    document.cookie = "rebound.signed-in=1; path=/";
  });
  afterEach(() => {
    document.cookie = "rebound.signed-in=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/";
  });

  it("given no subscription (an owner alert links here), then it asks for a plan and every plan card goes to its checkout", async () => {
    stubFetch({
      "GET /api/billing": () => ({ status: 200, body: billingAnswer(null) }),
      "GET /api/auth/user": () => ({ status: 200, body: signedInUser() }),
    });
    await renderWithProviders(<BillingPage />);
    expect(await screen.findByTestId("billing-plan-notice")).toHaveTextContent("Choose a plan to start texting back your missed callers.");
    await waitFor(() => expect(screen.getByRole("link", { name: "Choose Starter" })).toHaveAttribute("href", "/checkout/starter/monthly"));
    expect(screen.getByRole("link", { name: "Choose Enterprise" })).toHaveAttribute("href", "/checkout/custom/monthly");
    expect(screen.queryByRole("button", { name: /Switch to/ })).toBeNull();
  });

  it("given a subscription in good standing, then no notice and the cards switch plans", async () => {
    stubFetch({
      "GET /api/billing": () => ({ status: 200, body: billingAnswer("active") }),
      "GET /api/auth/user": () => ({ status: 200, body: signedInUser() }),
    });
    await renderWithProviders(<BillingPage />);
    expect(await screen.findByRole("button", { name: "Switch to Starter" })).toBeInTheDocument();
    expect(screen.queryByTestId("billing-plan-notice")).toBeNull();
  });
});
