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
  return { signedIn: { id: String(user.id), email: String(user.email) } };
}

describe("PATCH /api/user/mark-tutorial-seen", () => {
  it("given a new user, when the tutorial is marked seen, then the current user says so", async () => {
    const { signedIn } = await registered();
    expect((await json(await identity.api("GET", "/api/auth/user", undefined, signedIn))).hasSeenTutorial).toBe(false);
    const response = await identity.api("PATCH", "/api/user/mark-tutorial-seen", undefined, signedIn);
    expect(response.status).toBe(200);
    expect((await json(await identity.api("GET", "/api/auth/user", undefined, signedIn))).hasSeenTutorial).toBe(true);
  });
});

describe("PATCH /api/user/profile", () => {
  it.each([
    [{ firstName: "" }, "First name is required"],
    [{ lastName: "" }, "Last name is required"],
    [{ email: "nope" }, "Invalid email address"],
  ])("given %j, when saving the profile, then '%s'", async (overrides, message) => {
    const { signedIn } = await registered();
    const response = await identity.api("PATCH", "/api/user/profile", { firstName: "Ana", lastName: "Lee", email: signedIn.email, ...overrides }, signedIn);
    expect(response.status).toBe(400);
    expect((await json(response)).message).toBe(message);
  });

  it("given a verified user, when the e-mail changes, then it must be verified again at the new address and UserProfileChanged carries it", async () => {
    const { signedIn } = await registered();
    await identity.api("POST", "/api/auth/verify-email", { token: tokenIn(await identity.mailTo(signedIn.email)) });
    const newEmail = `moved-${Date.now()}@example.com`;
    const response = await identity.api("PATCH", "/api/user/profile", { firstName: "Ana", lastName: "Lee", email: newEmail, currentPassword: "secret-pass" }, signedIn);
    expect(response.status).toBe(200);
    expect(await json(response)).toMatchObject({ firstName: "Ana", lastName: "Lee", email: newEmail, isEmailVerified: false });

    const deadline = Date.now() + 5_000;
    while (!identity.recorder.of("UserProfileChanged").some((event) => event.payload.email === newEmail) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    const changed = identity.recorder.of("UserProfileChanged").find((event) => event.payload.email === newEmail);
    expect(changed?.payload).toMatchObject({ userId: signedIn.id, firstName: "Ana", lastName: "Lee", isEmailVerified: false });

    const mail = await identity.mailTo(newEmail);
    expect((await identity.api("POST", "/api/auth/verify-email", { token: tokenIn(mail) })).status).toBe(200);
    expect((await identity.internal("/login", { email: newEmail, password: "secret-pass" })).status).toBe(200);
  });

  it("given another account's e-mail, when the profile takes it, then 409", async () => {
    const { signedIn } = await registered();
    const { signedIn: other } = await registered();
    const response = await identity.api("PATCH", "/api/user/profile", { firstName: "Ana", lastName: "Lee", email: other.email }, signedIn);
    expect(response.status).toBe(409);
    expect((await json(response)).message).toBe("An account with this email already exists");
  });

  it.each([
    [undefined, "Please enter your current password to change your email"],
    ["wrong-password", "Current password is incorrect"],
  ])("given a stolen session (current password %s), when the e-mail changes, then 400 and the account keeps its address", async (currentPassword, message) => {
    const { signedIn } = await registered();
    const response = await identity.api("PATCH", "/api/user/profile", { firstName: "Ana", lastName: "Lee", email: `thief-${Date.now()}@example.com`, currentPassword }, signedIn);
    expect(response.status).toBe(400);
    expect((await json(response)).message).toBe(message);
    expect((await json(await identity.api("GET", "/api/auth/user", undefined, signedIn))).email).toBe(signedIn.email);
  });

  it("given an e-mail change, then the old address gets a notice naming the new one", async () => {
    const { signedIn } = await registered();
    const newEmail = `noticed-${Date.now()}@example.com`;
    const response = await identity.api("PATCH", "/api/user/profile", { firstName: "Ana", lastName: "Lee", email: newEmail, currentPassword: "secret-pass" }, signedIn);
    expect(response.status).toBe(200);
    // the sign-up's verification and the notice (same fake-clock time: either order)
    const mails = [await identity.mailTo(signedIn.email, 2), await identity.mailTo(signedIn.email, 1)];
    const notice = mails.find((mail) => mail.subject === "Your Rebound email address was changed");
    expect(notice?.text).toContain(newEmail);
  });

  it("given twenty parallel changes to the same new e-mail, then all succeed (no 409 against the user's own account)", async () => {
    const { signedIn } = await registered();
    const newEmail = `parallel-${Date.now()}@example.com`;
    const body = { firstName: "Ana", lastName: "Lee", email: newEmail, currentPassword: "secret-pass" };
    const responses = await Promise.all(Array.from({ length: 20 }, () => identity.api("PATCH", "/api/user/profile", body, signedIn)));
    expect(responses.map((res) => res.status)).toEqual(responses.map(() => 200));
    expect((await json(await identity.api("GET", "/api/auth/user", undefined, signedIn))).email).toBe(newEmail);
  });
});
