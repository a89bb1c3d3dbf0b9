import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { CurrentUser } from "@/shared/auth/get-user";
import { renderWithProviders, stubFetch } from "@/test/render";
import { ProfileForm } from "./profile-form";

const user: CurrentUser = {
  id: "u1",
  email: "pat@example.com",
  firstName: "Pat",
  lastName: "Owner",
  isEmailVerified: true,
  subscriptionPlan: "professional",
  subscriptionStatus: "trialing",
  billingFrequency: "monthly",
  trialEndsAt: "2026-12-08T00:00:00Z",
  hasSeenTutorial: true,
};

describe("profile form", () => {
  it("given an e-mail change waiting for its link, then the field says so; without one, nothing", async () => {
    stubFetch({});
    const { unmount } = await renderWithProviders(<ProfileForm user={{ ...user, pendingEmail: "new@example.com" }} />);
    expect(
      screen.getByText("Waiting for confirmation of new@example.com: your account keeps pat@example.com until you follow the link we sent there."),
    ).toBeInTheDocument();
    unmount();
    await renderWithProviders(<ProfileForm user={{ ...user, pendingEmail: null }} />);
    expect(screen.queryByText(/Waiting for confirmation/)).not.toBeInTheDocument();
  });

  it("given only a new name, when saved, then no current password is asked for or sent", async () => {
    const calls = stubFetch({ "PATCH /api/user/profile": (body) => ({ status: 200, body: { ...user, ...(body as object) } }) });
    await renderWithProviders(<ProfileForm user={user} />);
    expect(screen.queryByLabelText(/Current password/)).not.toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText("First name"));
    await userEvent.type(screen.getByLabelText("First name"), "Patricia");
    await userEvent.click(screen.getByRole("button", { name: "Save Profile" }));
    await waitFor(() => expect(calls.some((call) => call.path === "/api/user/profile")).toBe(true));
    const sent = calls.find((call) => call.path === "/api/user/profile")?.body as Record<string, unknown>;
    expect(sent).toMatchObject({ firstName: "Patricia", email: "pat@example.com" });
    expect(sent.currentPassword).toBeUndefined();
  });

  it("given a new e-mail, when editing, then the current password is asked for and sent with it", async () => {
    const calls = stubFetch({ "PATCH /api/user/profile": (body) => ({ status: 200, body: { ...user, ...(body as object) } }) });
    await renderWithProviders(<ProfileForm user={user} />);
    await userEvent.clear(screen.getByLabelText("Email"));
    await userEvent.type(screen.getByLabelText("Email"), "new@example.com");
    await userEvent.type(await screen.findByLabelText(/Current password/), "secret-pass");
    await userEvent.click(screen.getByRole("button", { name: "Save Profile" }));
    await waitFor(() => expect(calls.some((call) => call.path === "/api/user/profile")).toBe(true));
    expect(calls.find((call) => call.path === "/api/user/profile")?.body).toMatchObject({ email: "new@example.com", currentPassword: "secret-pass" });
  });
});
