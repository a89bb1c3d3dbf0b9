import { createHash, randomBytes } from "node:crypto";

/** A one-time link token: the raw value goes into the e-mail, only its hash into the database. */
export interface IssuedToken {
  token: string;
  hash: string;
}

export function issueToken(): IssuedToken {
  const token = randomBytes(32).toString("base64url");
  return { token, hash: hashToken(token) };
}

export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}
