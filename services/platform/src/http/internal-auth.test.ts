import type { NextFunction, Request, Response } from "express";
import { AppError } from "../errors/app-error";
import { GATEWAY_PRINCIPAL, INTERNAL_USER_HEADER, requireGateway, signInternalUser, verifyInternalUser } from "./internal-auth";

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

  it("reuses a user's header for a minute and still checks the age of a header verified before", () => {
    const user = { id: "u3", email: "c@d.co", sessionId: "s3" };
    const first = signInternalUser(user, secret, 2_000_000);
    expect(signInternalUser(user, secret, 2_000_000 + 59_000)).toBe(first);
    expect(signInternalUser({ ...user, sessionId: "s4" }, secret, 2_000_000 + 1_000)).not.toBe(first);
    const later = signInternalUser(user, secret, 2_000_000 + 60_000);
    expect(later).not.toBe(first);
    expect(verifyInternalUser(first, secret, 2_000_000)).toEqual(user);
    expect(verifyInternalUser(first, secret, 2_000_000 + 1_000)).toEqual(user);
    expect(verifyInternalUser(first, secret, 2_000_000 + 10 * 60_000)).toBeUndefined();
    expect(verifyInternalUser(first, "another-secret-of-enough-length", 2_000_000)).toBeUndefined();
  });
});

describe("requireGateway", () => {
  const pass = (header: string | undefined): unknown => {
    const req = { header: (name: string) => (name === INTERNAL_USER_HEADER ? header : undefined) } as unknown as Request;
    let passed: unknown = "not called";
    requireGateway(secret)(req, {} as Response, ((error?: unknown) => (passed = error)) as NextFunction);
    return passed;
  };

  it("given the gateway's signed header, when an internal route is asked, then it passes", () => {
    expect(GATEWAY_PRINCIPAL.id).toBe("service:gateway");
    expect(pass(signInternalUser(GATEWAY_PRINCIPAL, secret))).toBeUndefined();
  });

  it.each([
    ["no header", undefined],
    ["a signed-in user", signInternalUser({ id: "u1", email: "a@b.co" }, secret)],
    ["the gateway signed with another key", signInternalUser(GATEWAY_PRINCIPAL, "another-secret-of-enough-length")],
  ])("given %s, when an internal route is asked, then it answers 404 as if it did not exist", (_caller, header) => {
    const error = pass(header);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ code: "NOT_FOUND" });
  });
});
