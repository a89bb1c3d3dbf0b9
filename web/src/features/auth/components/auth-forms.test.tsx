import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { renderWithProviders, stubFetch } from "@/test/render";
import { ForgotPasswordForm } from "./forgot-password-form";
import { LoginForm } from "./login-form";
import { ResetPasswordForm } from "./reset-password-form";

describe("sign-in form", () => {
  it("given empty fields, when submitted, then the spec's messages show and nothing is sent", async () => {
    const calls = stubFetch({});
    await renderWithProviders(<LoginForm />);
    await userEvent.click(screen.getByRole("button", { name: "Sign In" }));
    expect(await screen.findByText("Valid email is required")).toBeInTheDocument();
    expect(screen.getByText("Password must be at least 6 characters")).toBeInTheDocument();
    expect(calls.filter((call) => call.path === "/api/login")).toHaveLength(0);
  });

  it("given a wrong password, when the server refuses, then the 'Login failed' toast carries its message", async () => {
    stubFetch({ "POST /api/login": () => ({ status: 401, body: { message: "Invalid email or password" } }) });
    await renderWithProviders(<LoginForm />);
    await userEvent.type(screen.getByLabelText("Email"), "pat@example.com");
    await userEvent.type(screen.getByLabelText("Password"), "wrong-one");
    await userEvent.click(screen.getByRole("button", { name: "Sign In" }));
    const toast = await screen.findByTestId("toast");
    expect(toast).toHaveTextContent("Login failed");
    expect(toast).toHaveTextContent("Invalid email or password");
  });

  it("shows and hides the password", async () => {
    stubFetch({});
    await renderWithProviders(<LoginForm />);
    const input = screen.getByLabelText("Password");
    expect(input).toHaveAttribute("type", "password");
    await userEvent.click(screen.getByRole("button", { name: "Show password" }));
    expect(input).toHaveAttribute("type", "text");
  });
});

describe("forgot-password form", () => {
  it("given a bad e-mail, when submitted, then 'Please enter a valid email address'; a good one shows 'Check your email' and can send another", async () => {
    stubFetch({ "POST /api/auth/forgot-password": () => ({ status: 200, body: { message: "sent" } }) });
    await renderWithProviders(<ForgotPasswordForm />);
    await userEvent.type(screen.getByLabelText("Email"), "nope");
    await userEvent.click(screen.getByRole("button", { name: "Send Reset Link" }));
    expect(await screen.findByText("Please enter a valid email address")).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText("Email"));
    await userEvent.type(screen.getByLabelText("Email"), "pat@example.com");
    await userEvent.click(screen.getByRole("button", { name: "Send Reset Link" }));
    expect(await screen.findByRole("heading", { name: "Check your email" })).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Send another email" }));
    expect(await screen.findByRole("button", { name: "Send Reset Link" })).toBeInTheDocument();
  });
});

describe("reset-password form", () => {
  it("given no token, then 'Invalid Reset Link'", async () => {
    stubFetch({});
    await renderWithProviders(<ResetPasswordForm token={undefined} />);
    expect(screen.getByRole("heading", { name: "Invalid Reset Link" })).toBeInTheDocument();
  });

  it("given a short or mismatched password, then the spec's messages; a good one completes", async () => {
    stubFetch({ "POST /api/auth/reset-password": () => ({ status: 200, body: { message: "ok" } }) });
    await renderWithProviders(<ResetPasswordForm token="tok" />);
    await userEvent.type(screen.getByLabelText("New password"), "short");
    await userEvent.click(screen.getByRole("button", { name: "Reset Password" }));
    expect(await screen.findByText("Password must be at least 8 characters")).toBeInTheDocument();
    expect(screen.getByText("Please confirm your password")).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText("New password"));
    await userEvent.type(screen.getByLabelText("New password"), "long-enough-1");
    await userEvent.type(screen.getByLabelText("Confirm new password"), "different-22");
    await userEvent.click(screen.getByRole("button", { name: "Reset Password" }));
    expect(await screen.findByText("Passwords don't match")).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText("Confirm new password"));
    await userEvent.type(screen.getByLabelText("Confirm new password"), "long-enough-1");
    await userEvent.click(screen.getByRole("button", { name: "Reset Password" }));
    await waitFor(() => expect(screen.getByRole("heading", { name: "Password reset complete" })).toBeInTheDocument());
  });
});
