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

  const CHANGE_SUBJECT = "Confirm your new email for Rebound";
  const NOTICE_SUBJECT = "A change of your Rebound email address was requested";
  const mailsTo = async (to: string) => (await identity.mailbox.list()).filter((mail) => mail.to === to);
  const mailWithSubject = async (to: string, subject: string) => {
    const deadline = Date.now() + 5_000;
    for (;;) {
      const mail = (await mailsTo(to)).find((candidate) => candidate.subject === subject);
      if (mail) return mail;
      if (Date.now() > deadline) throw new Error(`no "${subject}" to ${to}`);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  };
  const currentUser = async (signedIn: { id: string; email: string }) => json(await identity.api("GET", "/api/auth/user", undefined, signedIn));
  const requestChange = (signedIn: { id: string; email: string }, email: string) =>
    identity.api("PATCH", "/api/user/profile", { firstName: "Ana", lastName: "Lee", email, currentPassword: "secret-pass" }, signedIn);

  it("given a verified user, when the e-mail changes, then the account keeps the old address until the link sent to the new one is followed", async () => {
    const { signedIn } = await registered();
    await identity.api("POST", "/api/auth/verify-email", { token: tokenIn(await identity.mailTo(signedIn.email)) });
    const newEmail = `moved-${Date.now()}@example.com`;
    const response = await requestChange(signedIn, newEmail);
    expect(response.status).toBe(200);
    expect(await json(response)).toMatchObject({ firstName: "Ana", lastName: "Lee", email: signedIn.email, isEmailVerified: true, pendingEmail: newEmail });

    // until verified: the old address is the account's (current user, login); the new one signs nobody in
    expect(await currentUser(signedIn)).toMatchObject({ email: signedIn.email, isEmailVerified: true, pendingEmail: newEmail });
    expect((await identity.internal("/login", { email: signedIn.email, password: "secret-pass" })).status).toBe(200);
    expect((await identity.internal("/login", { email: newEmail, password: "secret-pass" })).status).toBe(401);
    const ofUser = () => identity.recorder.of("UserProfileChanged").filter((event) => event.payload.userId === signedIn.id);
    const waitUntil = Date.now() + 5_000;
    while (ofUser().length < 2 && Date.now() < waitUntil) await new Promise((resolve) => setTimeout(resolve, 25));
    expect(ofUser().map((event) => event.payload.email)).toEqual([signedIn.email, signedIn.email]); // verified, renamed: never the new one

    const mail = await identity.mailTo(newEmail);
    expect(mail.subject).toBe(CHANGE_SUBJECT);
    expect(mail.text).toContain(signedIn.email);
    const verified = await identity.api("POST", "/api/auth/verify-email", { token: tokenIn(mail) });
    expect(verified.status).toBe(200);
    expect(await json(verified)).toEqual({ message: "Your email has been verified." });

    expect(await currentUser(signedIn)).toMatchObject({ email: newEmail, isEmailVerified: true, pendingEmail: null });
    expect((await identity.internal("/login", { email: newEmail, password: "secret-pass" })).status).toBe(200);
    expect((await identity.internal("/login", { email: signedIn.email, password: "secret-pass" })).status).toBe(401);
    const deadline = Date.now() + 5_000;
    while (!identity.recorder.of("UserProfileChanged").some((event) => event.payload.email === newEmail) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    const changed = identity.recorder.of("UserProfileChanged").find((event) => event.payload.email === newEmail);
    expect(changed?.payload).toMatchObject({ userId: signedIn.id, firstName: "Ana", lastName: "Lee", isEmailVerified: true });
    expect(identity.recorder.of("EmailVerified").some((event) => event.payload.userId === signedIn.id && event.payload.email === newEmail)).toBe(true);
    // the link works once
    const again = await identity.api("POST", "/api/auth/verify-email", { token: tokenIn(mail) });
    expect(again.status).toBe(400);
    expect((await json(again)).message).toBe("This verification link is invalid or has already been used.");
  });

  it("given a pending change, when another account takes the address before the link is followed, then the link answers 409 and the account keeps its e-mail", async () => {
    const { signedIn } = await registered();
    const contested = `contested-${Date.now()}@example.com`;
    expect((await requestChange(signedIn, contested)).status).toBe(200);
    const token = tokenIn(await identity.mailTo(contested));
    expect((await identity.internal("/register", signUp({ email: contested }))).status).toBe(201);

    const response = await identity.api("POST", "/api/auth/verify-email", { token });
    expect(response.status).toBe(409);
    expect(await json(response)).toMatchObject({ message: "An account with this email already exists", code: "CONFLICT" });
    expect((await currentUser(signedIn)).email).toBe(signedIn.email);
    expect((await identity.internal("/login", { email: signedIn.email, password: "secret-pass" })).status).toBe(200);
  });

  it("given a pending change, when its link is older than 24 hours, then it has expired; a new request sends a link that replaces it", async () => {
    const { signedIn } = await registered();
    const newEmail = `late-${Date.now()}@example.com`;
    expect((await requestChange(signedIn, newEmail)).status).toBe(200);
    const first = tokenIn(await identity.mailTo(newEmail));
    identity.clock.advance(24 * 60 * 60_000 + 1_000);

    const expired = await identity.api("POST", "/api/auth/verify-email", { token: first });
    expect(expired.status).toBe(410);
    expect((await json(expired)).message).toBe("Your verification link has expired. Please request a new one.");

    expect((await requestChange(signedIn, newEmail)).status).toBe(200);
    const second = tokenIn(await identity.mailTo(newEmail, 2));
    expect(second).not.toBe(first);
    expect((await identity.api("POST", "/api/auth/verify-email", { token: first })).status).toBe(400);
    expect((await identity.api("POST", "/api/auth/verify-email", { token: second })).status).toBe(200);
    expect((await currentUser(signedIn)).email).toBe(newEmail);
  });

  it("given a pending change the owner did not make, when the owner resets the password from the notice, then the change is cancelled", async () => {
    const { signedIn } = await registered();
    const thief = `thief-box-${Date.now()}@example.com`;
    expect((await requestChange(signedIn, thief)).status).toBe(200);
    const token = tokenIn(await identity.mailTo(thief));
    expect((await identity.api("POST", "/api/auth/forgot-password", { email: signedIn.email })).status).toBe(200);
    const reset = await mailWithSubject(signedIn.email, "Reset your Rebound password");
    expect((await identity.internal("/reset-password", { token: tokenIn(reset), password: "owner-again-1", confirmPassword: "owner-again-1" })).status).toBe(
      200,
    );

    expect((await currentUser(signedIn)).pendingEmail).toBeNull();
    const response = await identity.api("POST", "/api/auth/verify-email", { token });
    expect(response.status).toBe(400);
    expect((await currentUser(signedIn)).email).toBe(signedIn.email);
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
    const response = await identity.api(
      "PATCH",
      "/api/user/profile",
      { firstName: "Ana", lastName: "Lee", email: `thief-${Date.now()}@example.com`, currentPassword },
      signedIn,
    );
    expect(response.status).toBe(400);
    expect((await json(response)).message).toBe(message);
    expect((await json(await identity.api("GET", "/api/auth/user", undefined, signedIn))).email).toBe(signedIn.email);
  });

  it("given an e-mail change, then the old address gets a notice naming the new one, saying it is not moved yet", async () => {
    const { signedIn } = await registered();
    const newEmail = `noticed-${Date.now()}@example.com`;
    const response = await identity.api(
      "PATCH",
      "/api/user/profile",
      { firstName: "Ana", lastName: "Lee", email: newEmail, currentPassword: "secret-pass" },
      signedIn,
    );
    expect(response.status).toBe(200);
    // the sign-up's verification and the notice (same fake-clock time: either order)
    const mails = [await identity.mailTo(signedIn.email, 2), await identity.mailTo(signedIn.email, 1)];
    const notice = mails.find((mail) => mail.subject === NOTICE_SUBJECT);
    expect(notice?.text).toContain(newEmail);
    expect(notice?.text).toContain(`Your account keeps ${signedIn.email} until the link we sent to ${newEmail} is followed.`);
  });

  it("given twenty parallel changes to the same new e-mail, then all succeed (no 409 against the user's own account) and one link is sent, which works", async () => {
    const { signedIn } = await registered();
    const newEmail = `parallel-${Date.now()}@example.com`;
    const responses = await Promise.all(Array.from({ length: 20 }, () => requestChange(signedIn, newEmail)));
    expect(responses.map((res) => res.status)).toEqual(responses.map(() => 200));
    expect(await currentUser(signedIn)).toMatchObject({ email: signedIn.email, pendingEmail: newEmail });
    const link = await identity.mailTo(newEmail);
    await new Promise((resolve) => setTimeout(resolve, 300)); // a second link would have been written by now
    expect(await mailsTo(newEmail)).toHaveLength(1);
    expect((await mailsTo(signedIn.email)).filter((mail) => mail.subject === NOTICE_SUBJECT)).toHaveLength(1);
    expect((await identity.api("POST", "/api/auth/verify-email", { token: tokenIn(link) })).status).toBe(200);
    expect((await currentUser(signedIn)).email).toBe(newEmail);
  });
});
