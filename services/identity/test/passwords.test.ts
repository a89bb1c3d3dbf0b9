import { json, signUp, startIdentity, tokenIn, type IdentityHarness } from "./identity-harness";

let identity: IdentityHarness;
beforeAll(async () => {
  identity = await startIdentity();
});
afterAll(async () => {
  await identity.stop();
});

async function registered() {
  const input = signUp();
  const user = await json(await identity.internal("/register", input));
  return { input, signedIn: { id: String(user.id), email: String(user.email) } };
}

async function resetLink(email: string, count = 1) {
  const response = await identity.api("POST", "/api/auth/forgot-password", { email });
  expect(response.status).toBe(200);
  // The first e-mail is the verification one.
  return identity.mailTo(email, count + 1);
}

const CONFIRMATION = "If an account exists for that email, we've sent a link to reset your password.";

describe("POST /api/auth/forgot-password", () => {
  it("given a known and an unknown e-mail, when a reset is asked for, then both get the same confirmation", async () => {
    const { signedIn } = await registered();
    const known = await identity.api("POST", "/api/auth/forgot-password", { email: signedIn.email });
    const unknown = await identity.api("POST", "/api/auth/forgot-password", { email: "nobody-here@example.com" });
    expect([known.status, unknown.status]).toEqual([200, 200]);
    expect(await json(known)).toEqual({ message: CONFIRMATION });
    expect(await json(unknown)).toEqual({ message: CONFIRMATION });
    const mail = await identity.mailTo(signedIn.email, 2);
    expect(mail.subject).toBe("Reset your Rebound password");
    expect(mail.text).toMatch(/https:\/\/rebound\.test\/reset-password\?token=[\w-]+/);
    expect(mail.text).toContain("1 hour");
  });

  it("given an invalid e-mail, when a reset is asked for, then the spec's message", async () => {
    const response = await identity.api("POST", "/api/auth/forgot-password", { email: "nope" });
    expect(response.status).toBe(400);
    expect((await json(response)).message).toBe("Please enter a valid email address");
  });
});

describe("reset password", () => {
  it("given a reset link, when used, then the new password works, the old one does not, and the link works only once", async () => {
    const { input, signedIn } = await registered();
    const token = tokenIn(await resetLink(signedIn.email));
    const reset = await identity.internal("/reset-password", { token, password: "brand-new-pass", confirmPassword: "brand-new-pass" });
    expect(reset.status).toBe(200);
    expect(await json(reset)).toEqual({ message: "Your password has been reset. You can now sign in.", userId: signedIn.id });
    expect((await identity.internal("/login", { email: signedIn.email, password: "brand-new-pass" })).status).toBe(200);
    expect((await identity.internal("/login", { email: signedIn.email, password: input.password })).status).toBe(401);

    const reused = await identity.internal("/reset-password", { token, password: "another-pass", confirmPassword: "another-pass" });
    expect(reused.status).toBe(400);
    expect((await json(reused)).message).toBe("This reset link is invalid or has already been used.");
  });

  it("given a reset link older than 1 hour, when used, then it has expired", async () => {
    const { signedIn } = await registered();
    const token = tokenIn(await resetLink(signedIn.email));
    identity.clock.advance(60 * 60_000 + 1);
    const response = await identity.internal("/reset-password", { token, password: "brand-new-pass", confirmPassword: "brand-new-pass" });
    expect(response.status).toBe(410);
    expect((await json(response)).message).toContain("expired");
  });

  it.each([
    [{ token: "" }, "Reset token is required"],
    [{ password: "short", confirmPassword: "short" }, "Password must be at least 8 characters"],
    [{ confirmPassword: "" }, "Please confirm your password"],
    [{ confirmPassword: "not-the-same" }, "Passwords don't match"],
  ])("given %j, when resetting, then '%s'", async (overrides, message) => {
    const response = await identity.internal("/reset-password", { token: "t", password: "long-enough", confirmPassword: "long-enough", ...overrides });
    expect(response.status).toBe(400);
    expect((await json(response)).message).toBe(message);
  });
});

describe("change password", () => {
  it("given the right current password, when changing, then only the new password signs in", async () => {
    const { input, signedIn } = await registered();
    const response = await identity.internal(`/users/${signedIn.id}/change-password`, {
      currentPassword: input.password,
      newPassword: "changed-pass-1",
      confirmPassword: "changed-pass-1",
    });
    expect(response.status).toBe(200);
    expect((await json(response)).message).toBe("Password changed successfully");
    expect((await identity.internal("/login", { email: signedIn.email, password: "changed-pass-1" })).status).toBe(200);
    expect((await identity.internal("/login", { email: signedIn.email, password: input.password })).status).toBe(401);
  });

  it.each([
    [{ currentPassword: "" }, "Current password is required"],
    [{ currentPassword: "wrong-password" }, "Current password is incorrect"],
    [{ newPassword: "short", confirmPassword: "short" }, "New password must be at least 8 characters"],
    [{ confirmPassword: "" }, "Please confirm your new password"],
    [{ confirmPassword: "not-the-same" }, "Passwords don't match"],
  ])("given %j, when changing, then '%s'", async (overrides, message) => {
    const { input, signedIn } = await registered();
    const response = await identity.internal(`/users/${signedIn.id}/change-password`, {
      currentPassword: input.password,
      newPassword: "changed-pass-1",
      confirmPassword: "changed-pass-1",
      ...overrides,
    });
    expect(response.status).toBe(400);
    expect((await json(response)).message).toBe(message);
  });
});
