import type { NextFunction, Request, Response } from "express";
import { AppError } from "../errors/app-error";
import {
  BILLING_PRINCIPAL,
  GATEWAY_PRINCIPAL,
  INTERNAL_USER_HEADER,
  requireGateway,
  requireInternalCaller,
  signInternalUser,
  verifyInternalUser,
} from "./internal-auth";

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
    ["another service (billing)", signInternalUser(BILLING_PRINCIPAL, secret)],
  ])("given %s, when an internal route is asked, then it answers 404 as if it did not exist", (_caller, header) => {
    const error = pass(header);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ code: "NOT_FOUND" });
  });
});

describe("requireInternalCaller", () => {
  const pass = (callers: Parameters<typeof requireInternalCaller>[1], header: string | undefined): unknown => {
    const req = { header: (name: string) => (name === INTERNAL_USER_HEADER ? header : undefined) } as unknown as Request;
    let passed: unknown = "not called";
    requireInternalCaller(secret, callers)(req, {} as Response, ((error?: unknown) => (passed = error)) as NextFunction);
    return passed;
  };

  it("given a route for billing, when billing calls it, then it passes; the gateway and users get a 404", () => {
    expect(BILLING_PRINCIPAL.id).toBe("service:billing");
    expect(pass([BILLING_PRINCIPAL], signInternalUser(BILLING_PRINCIPAL, secret))).toBeUndefined();
    for (const header of [signInternalUser(GATEWAY_PRINCIPAL, secret), signInternalUser({ id: "service:billing-ish", email: "x@y.co" }, secret), undefined]) {
      expect(pass([BILLING_PRINCIPAL], header)).toMatchObject({ code: "NOT_FOUND" });
    }
  });

  it("given a route for two callers, when either calls, then it passes", () => {
    const both = [GATEWAY_PRINCIPAL, BILLING_PRINCIPAL];
    expect(pass(both, signInternalUser(GATEWAY_PRINCIPAL, secret))).toBeUndefined();
    expect(pass(both, signInternalUser(BILLING_PRINCIPAL, secret))).toBeUndefined();
    expect(pass(both, signInternalUser({ id: "u1", email: "a@b.co" }, secret))).toMatchObject({ code: "NOT_FOUND" });
  });
});
