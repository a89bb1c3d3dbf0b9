import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";

// The session cookie's value: "s:" + session id + "." + base64 HMAC-SHA256 of the id without
// padding, the format express-session wrote, so sessions made before this module stay valid.

/** A new session id: 24 random bytes, base64url (as express-session's uid-safe made them). */
export function newSessionId(): string {
  return randomBytes(24).toString("base64url");
}

function signatureOf(sid: string, secret: string): string {
  return createHmac("sha256", secret).update(sid).digest("base64").replace(/=+$/, "");
}

export function signSessionId(sid: string, secret: string): string {
  return `s:${sid}.${signatureOf(sid, secret)}`;
}

/** The session id of a signed value, or undefined when it is not one this secret signed. */
export function unsignSessionId(value: string, secret: string): string | undefined {
  if (!value.startsWith("s:")) return undefined;
  const dot = value.lastIndexOf(".");
  if (dot < 2) return undefined;
  const sid = value.slice(2, dot);
  const expected = Buffer.from(signatureOf(sid, secret));
  const given = Buffer.from(value.slice(dot + 1));
  return expected.length === given.length && timingSafeEqual(expected, given) ? sid : undefined;
}

/** The first value of cookie `name` in a Cookie header, URI-decoded (undefined if absent or malformed). */
export function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  const key = `${name}=`;
  for (let at = header.indexOf(key); at !== -1; at = header.indexOf(key, at + 1)) {
    let before = at - 1;
    while (before >= 0 && (header[before] === " " || header[before] === "\t")) before--;
    if (before >= 0 && header[before] !== ";") continue; // the end of another cookie's name or value
    const end = header.indexOf(";", at);
    let value = header.slice(at + key.length, end === -1 ? undefined : end).trim();
    if (value.length > 1 && value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1);
    try {
      return value.includes("%") ? decodeURIComponent(value) : value;
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/**
 * Remembers which cookie values verified (exact bytes -> session id), so a signed-in request
 * costs no HMAC after its session's first; bounded, and forgotten when full.
 */
export class VerifiedCookies {
  private readonly verified = new Map<string, string>();

  constructor(
    private readonly secret: string,
    private readonly limit = 10_000,
  ) {}

  sessionIdOf(value: string): string | undefined {
    const known = this.verified.get(value);
    if (known) return known;
    const sid = unsignSessionId(value, this.secret);
    if (sid) {
      if (this.verified.size >= this.limit) this.verified.clear();
      this.verified.set(value, sid);
    }
    return sid;
  }
}
