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
  const signedIn = { id: String(user.id), email: String(user.email) };
  return { user, signedIn, mail: await identity.mailTo(String(input.email)) };
}

describe("verification e-mail", () => {
  it("given a sign-up, when the e-mail arrives, then it is HTML and text naming Rebound with a 24-hour link to /verify-email", async () => {
    const { mail, user } = await registered();
    expect(mail.subject).toBe("Verify your email for Rebound");
    expect(mail.to).toBe(user.email);
    expect(mail.text).toContain("Rebound");
    expect(mail.text).toContain("24 hours");
    expect(mail.html).toMatch(/<a href="https:\/\/rebound\.test\/verify-email\?token=[\w-]+"/);
    expect(mail.text).toMatch(/https:\/\/rebound\.test\/verify-email\?token=[\w-]+/);
  });
});

describe("POST /api/auth/verify-email", () => {
  it("given a fresh link, when verified, then the user is verified and EmailVerified and UserProfileChanged are emitted", async () => {
    const { mail, signedIn } = await registered();
    const response = await identity.api("POST", "/api/auth/verify-email", { token: tokenIn(mail) });
    expect(response.status).toBe(200);
    expect((await json(await identity.api("GET", "/api/auth/user", undefined, signedIn))).isEmailVerified).toBe(true);
    const verified = (await identity.recorder.waitFor("EmailVerified", 1)).filter((event) => event.payload.userId === signedIn.id);
    expect(verified[0]?.payload.email).toBe(signedIn.email);
    await identity.recorder.waitFor("UserProfileChanged", 1);
    const changed = identity.recorder.of("UserProfileChanged").find((event) => event.payload.userId === signedIn.id);
    expect(changed?.payload).toMatchObject({ email: signedIn.email, isEmailVerified: true, firstName: "Dana", lastName: "Reyes" });
  });

  it("given a link already used, when it is used again, then it is refused as invalid", async () => {
    const { mail } = await registered();
    expect((await identity.api("POST", "/api/auth/verify-email", { token: tokenIn(mail) })).status).toBe(200);
    const again = await identity.api("POST", "/api/auth/verify-email", { token: tokenIn(mail) });
    expect(again.status).toBe(400);
    expect((await json(again)).message).toBe("This verification link is invalid or has already been used.");
  });

  it("given a link older than 24 hours, when verified, then the answer says it expired", async () => {
    const { mail, signedIn } = await registered();
    identity.clock.advance(24 * 60 * 60_000 + 1);
    const response = await identity.api("POST", "/api/auth/verify-email", { token: tokenIn(mail) });
    expect(response.status).toBe(410);
    expect((await json(response)).message).toContain("expired");
    expect((await json(await identity.api("GET", "/api/auth/user", undefined, signedIn))).isEmailVerified).toBe(false);
  });

  it("given a made-up token or none, when verified, then it is refused", async () => {
    const invalid = await identity.api("POST", "/api/auth/verify-email", { token: "made-up" });
    expect(invalid.status).toBe(400);
    const missing = await identity.api("POST", "/api/auth/verify-email", {});
    expect(missing.status).toBe(400);
    expect((await json(missing)).message).toBe("No verification token provided");
  });
});

describe("POST /api/auth/resend-verification", () => {
  it("given an unverified user, when resending, then a new link arrives and only the new link works", async () => {
    const { mail: first, signedIn } = await registered();
    const response = await identity.api("POST", "/api/auth/resend-verification", undefined, signedIn);
    expect(response.status).toBe(200);
    expect((await json(response)).message).toBe("Verification email sent. Please check your inbox.");
    const second = await identity.mailTo(signedIn.email, 2);
    expect(tokenIn(second)).not.toBe(tokenIn(first));
    expect((await identity.api("POST", "/api/auth/verify-email", { token: tokenIn(first) })).status).toBe(400);
    expect((await identity.api("POST", "/api/auth/verify-email", { token: tokenIn(second) })).status).toBe(200);
  });

  it("given an unverified user who changed the e-mail in settings (a typo at sign-up), when resending, then the link goes to the new address, replaces the previous one, and following it switches and verifies", async () => {
    const { signedIn } = await registered();
    const newEmail = `fixed-${Date.now()}@example.com`;
    const change = await identity.api(
      "PATCH",
      "/api/user/profile",
      { firstName: "Ana", lastName: "Lee", email: newEmail, currentPassword: "secret-pass" },
      signedIn,
    );
    expect(change.status).toBe(200);
    const firstLink = await identity.mailTo(newEmail);
    const response = await identity.api("POST", "/api/auth/resend-verification", undefined, signedIn);
    expect(response.status).toBe(200);
    const resent = await identity.mailTo(newEmail, 2);
    expect(resent.subject).toBe("Confirm your new email for Rebound");
    const verificationMailsToOld = (await identity.mailbox.list()).filter(
      (mail) => mail.to === signedIn.email && mail.subject === "Verify your email for Rebound",
    );
    expect(verificationMailsToOld).toHaveLength(1); // the sign-up's only (the old address also got the change notice)
    expect((await identity.api("POST", "/api/auth/verify-email", { token: tokenIn(firstLink) })).status).toBe(400);
    expect((await identity.api("POST", "/api/auth/verify-email", { token: tokenIn(resent) })).status).toBe(200);
    expect(await json(await identity.api("GET", "/api/auth/user", undefined, signedIn))).toMatchObject({
      email: newEmail,
      isEmailVerified: true,
      pendingEmail: null,
    });
  });

  it("given a verified user, when resending, then it is refused", async () => {
    const { mail, signedIn } = await registered();
    await identity.api("POST", "/api/auth/verify-email", { token: tokenIn(mail) });
    const response = await identity.api("POST", "/api/auth/resend-verification", undefined, signedIn);
    expect(response.status).toBe(400);
    expect((await json(response)).message).toBe("Your email is already verified.");
  });

  it("given no signed-in user, when resending, then 401", async () => {
    expect((await identity.api("POST", "/api/auth/resend-verification")).status).toBe(401);
  });
});
