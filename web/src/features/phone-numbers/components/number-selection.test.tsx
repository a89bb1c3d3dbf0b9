import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { billingAnswer, signedInUser } from "@/test/billing";
import { renderWithProviders, stubFetch } from "@/test/render";
import { NumberSelection } from "./number-selection";

const business = { id: "b1", businessName: "Pat's Plumbing", dedicatedTwilioNumber: null };
const numbers = {
  numbers: [
    { phoneNumber: "+12125550100", friendlyName: "(212) 555-0100", locality: "New York", region: "NY", capabilities: { voice: true, sms: true, mms: false } },
  ],
};

describe("number selection", () => {
  beforeEach(() => {
    document.cookie = "rebound.signed-in=1; path=/";
  });
  afterEach(() => {
    document.cookie = "rebound.signed-in=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/";
  });

  it("given the purchase answers 402, then the server's message shows with the way to checkout, not a generic error", async () => {
    stubFetch({
      "GET /api/business": () => ({ status: 200, body: business }),
      // Billing says trialing (the up-front notice stays away), yet the server refuses the purchase.
      "GET /api/billing": () => ({ status: 200, body: billingAnswer("trialing") }),
      "GET /api/auth/user": () => ({ status: 200, body: signedInUser({ subscriptionPlan: "starter", billingFrequency: "yearly" }) }),
      "GET /api/phone-numbers/search/212": () => ({ status: 200, body: numbers }),
      "POST /api/phone-numbers/purchase": () => ({ status: 402, body: { message: "Choose a plan to get your dedicated number.", code: "PAYMENT_REQUIRED" } }),
    });
    const user = userEvent.setup({ delay: null });
    await renderWithProviders(<NumberSelection />);
    await user.type(await screen.findByLabelText("Area code", {}, { timeout: 5000 }), "212");
    await user.click(screen.getByRole("button", { name: /Search$/ }));
    await user.click(await screen.findByRole("radio", { name: /\(212\) 555-0100/ }, { timeout: 5000 }));
    expect(screen.queryByTestId("number-plan-required")).toBeNull();
    await user.click(screen.getByRole("button", { name: "Get This Number" }));
    const notice = await screen.findByTestId("number-plan-required", {}, { timeout: 5000 });
    expect(notice).toHaveTextContent("Choose a plan to get your dedicated number.");
    expect(screen.getByRole("link", { name: "Choose a Plan" })).toHaveAttribute("href", "/checkout/starter/yearly");
    expect(screen.queryByText("Purchase Failed")).toBeNull();
  }, 30_000);

  it("given no subscription, then the notice shows up front", async () => {
    stubFetch({
      "GET /api/business": () => ({ status: 200, body: business }),
      "GET /api/billing": () => ({ status: 200, body: billingAnswer(null) }),
      "GET /api/auth/user": () => ({ status: 200, body: signedInUser() }),
    });
    await renderWithProviders(<NumberSelection />);
    expect(await screen.findByTestId("number-plan-required")).toHaveTextContent("Choose a plan to get your dedicated number.");
    await waitFor(() => expect(screen.getByRole("link", { name: "Choose a Plan" })).toHaveAttribute("href", "/checkout/professional/monthly"));
  });
});
