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
    const response = await identity.api("PATCH", "/api/user/profile", { firstName: "Ana", lastName: "Lee", email: newEmail }, signedIn);
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
});
