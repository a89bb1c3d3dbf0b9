import { signInternalUser, verifyInternalUser } from "./internal-auth";

const secret = "a-test-secret-of-enough-length";

describe("internal user header", () => {
  it("round-trips the user", () => {
    const header = signInternalUser({ id: "u1", email: "a@b.co", sessionId: "s1" }, secret);
    expect(verifyInternalUser(header, secret)).toEqual({ id: "u1", email: "a@b.co", sessionId: "s1" });
  });

  it("rejects a tampered payload, another key and an old header", () => {
    const header = signInternalUser({ id: "u1", email: "a@b.co" }, secret, 1_000_000);
    const [payload, signature] = header.split(".");
    const forged = Buffer.from(JSON.stringify({ id: "u2", email: "x", iat: 1_000_000 })).toString("base64url");
    expect(verifyInternalUser(`${forged}.${signature}`, secret, 1_000_000)).toBeUndefined();
    expect(verifyInternalUser(`${payload}.${signature}`, "another-secret-of-enough-length", 1_000_000)).toBeUndefined();
    expect(verifyInternalUser(header, secret, 1_000_000 + 10 * 60_000)).toBeUndefined();
    expect(verifyInternalUser(undefined, secret)).toBeUndefined();
  });
});
