import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { ApiError } from "@/shared/api/client";
import { renderWithProviders, stubFetch } from "@/test/render";
import { registrationErrorDescription } from "../api/register";
import { RegisterForm } from "./register-form";

describe("sign-up form", () => {
  it("given billing is missing, when the page loads, then 'Setup Error' shows and the submit stays disabled", async () => {
    const calls = stubFetch({});
    await renderWithProviders(<RegisterForm />);
    expect(await screen.findByTestId("toast")).toHaveTextContent("Failed to initialize payment. Please refresh the page.");
    expect(screen.getByRole("button", { name: "Start $14 Trial for $1" })).toBeDisabled();
    expect(calls.find((call) => call.path === "/api/create-payment-intent")?.body).toEqual({ amount: 49, plan: "professional", billing: "monthly" });
  });

  it("given the server refuses the payment setup (403), when the page loads, then its message shows instead of 'refresh the page'", async () => {
    const refusal = "This page's address (http://10.0.0.5:3000) is not the address Rebound is served from (http://localhost:3000). Open http://localhost:3000.";
    stubFetch({ "POST /api/create-payment-intent": () => ({ status: 403, body: { message: refusal, code: "FORBIDDEN" } }) });
    await renderWithProviders(<RegisterForm />);
    // The toast store outlives a test: wait for this page's toast to replace an earlier one.
    await waitFor(() => expect(screen.getByTestId("toast")).toHaveTextContent(refusal));
    // Both the toast and the payment section's alert.
    expect(screen.getAllByRole("alert").map((alert) => alert.textContent)).toEqual([expect.stringContaining(refusal), expect.stringContaining(refusal)]);
    expect(screen.queryByText(/Please refresh the page/)).not.toBeInTheDocument();
  });

  it("given the local provider, when submitted empty, then every field's message shows", async () => {
    stubFetch({ "POST /api/create-payment-intent": () => ({ status: 200, body: { clientSecret: "local_seti_1", provider: "local" } }) });
    await renderWithProviders(<RegisterForm />);
    expect(await screen.findByText("4242 4242 4242 4242")).toBeInTheDocument();
    const submit = screen.getByRole("button", { name: "Start $14 Trial for $1" });
    await waitFor(() => expect(submit).toBeEnabled());
    await userEvent.type(screen.getByLabelText("Password"), "abc");
    await userEvent.click(submit);
    expect(await screen.findByText("First name is required")).toBeInTheDocument();
    expect(screen.getByText("Last name is required")).toBeInTheDocument();
    expect(screen.getByText("Valid email is required")).toBeInTheDocument();
    expect(screen.getByText("Password must be at least 6 characters")).toBeInTheDocument();
    expect(screen.getByText("Please confirm your password")).toBeInTheDocument();
  });

  it("given a declined card, when submitted, then 'Payment Setup Failed' with the provider's message and no registration", async () => {
    const calls = stubFetch({
      "POST /api/create-payment-intent": () => ({ status: 200, body: { clientSecret: "local_seti_1", provider: "local" } }),
      "POST /api/billing/local/confirm-setup": () => ({ status: 402, body: { message: "Your card was declined." } }),
    });
    await renderWithProviders(<RegisterForm />);
    const submit = await screen.findByRole("button", { name: "Start $14 Trial for $1" });
    await waitFor(() => expect(submit).toBeEnabled());
    await userEvent.type(screen.getByLabelText("First name"), "Pat");
    await userEvent.type(screen.getByLabelText("Last name"), "Owner");
    await userEvent.type(screen.getByLabelText("Email"), "pat@example.com");
    await userEvent.type(screen.getByLabelText("Password"), "secret-1");
    await userEvent.type(screen.getByLabelText("Confirm password"), "secret-1");
    await userEvent.type(screen.getByLabelText("Card number"), "4000000000000002");
    await userEvent.type(screen.getByLabelText("Expiry (MM/YY)"), "1234");
    await userEvent.type(screen.getByLabelText("CVC"), "123");
    await userEvent.click(submit);
    const toast = await screen.findByTestId("toast");
    expect(toast).toHaveTextContent("Payment Setup Failed");
    expect(toast).toHaveTextContent("Your card was declined.");
    expect(calls.find((call) => call.path === "/api/billing/local/confirm-setup")?.body).toMatchObject({
      cardNumber: "4000000000000002",
      expMonth: 12,
      expYear: 2034,
      cvc: "123",
    });
    expect(calls.some((call) => call.path === "/api/register")).toBe(false);
  });

  it("reads registration failures as the spec says", () => {
    expect(registrationErrorDescription(new ApiError(409, "Conflict", '{"message":"Email already registered"}'))).toBe("Email already registered");
    expect(registrationErrorDescription(new ApiError(500, "Error", "{}"))).toBe("Unable to create account");
    expect(registrationErrorDescription(new ApiError(502, "Bad Gateway", "<html>"))).toBe("Registration failed");
  });
});
