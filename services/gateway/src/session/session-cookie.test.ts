import { newSessionId, readCookie, signSessionId, unsignSessionId, VerifiedCookies } from "./session-cookie";

const secret = "a-session-secret-of-enough-length";

describe("session cookie", () => {
  it("signs as express-session did and verifies only its own secret's signatures", () => {
    // A value express-session 1.19 wrote for sid "abc" with this secret.
    expect(signSessionId("abc", secret)).toBe("s:abc.TqV+4AEz2gy2Xqt8BWkY0kF1nvNx33rmtQvYx32HZwo");
    const sid = newSessionId();
    expect(sid).toMatch(/^[\w-]{32}$/);
    expect(unsignSessionId(signSessionId(sid, secret), secret)).toBe(sid);
    expect(unsignSessionId(signSessionId(sid, secret), "another-secret-of-enough-length")).toBeUndefined();
    const signed = signSessionId(sid, secret);
    expect(unsignSessionId(`${signed.slice(0, -1)}x`, secret)).toBeUndefined();
    expect(unsignSessionId(signed.slice(2), secret)).toBeUndefined();
    expect(unsignSessionId("s:", secret)).toBeUndefined();
    expect(unsignSessionId(`s:other${signed.slice(2 + sid.length)}`, secret)).toBeUndefined();
  });

  it("reads the first cookie of that name, URI-decoded; a malformed value reads as absent", () => {
    expect(readCookie("a=1; rebound.sid=s%3Aabc.def; rebound.sid=second", "rebound.sid")).toBe("s:abc.def");
    expect(readCookie("rebound.sid.x=1", "rebound.sid")).toBeUndefined();
    expect(readCookie("x=a-rebound.sid=1;y=2", "rebound.sid")).toBeUndefined();
    expect(readCookie("x=1;rebound.sid= v ", "rebound.sid")).toBe("v");
    expect(readCookie("rebound.sid=", "rebound.sid")).toBe("");
    expect(readCookie('x="q"; rebound.sid="v"', "rebound.sid")).toBe("v");
    expect(readCookie("rebound.sid=%E0%A4%A", "rebound.sid")).toBeUndefined();
    expect(readCookie(undefined, "rebound.sid")).toBeUndefined();
  });

  it("remembers verified values and forgets them when full", () => {
    const cookies = new VerifiedCookies(secret, 2);
    const values = ["a", "b", "c"].map((sid) => signSessionId(sid, secret));
    expect(values.map((value) => cookies.sessionIdOf(value))).toEqual(["a", "b", "c"]);
    expect(cookies.sessionIdOf(values[0] as string)).toBe("a");
    expect(cookies.sessionIdOf("s:a.forged")).toBeUndefined();
  });
});
