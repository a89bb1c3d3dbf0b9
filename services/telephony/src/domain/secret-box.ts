// Secrets kept in a service's own tables (a provider subaccount's auth token, a registration's EIN):
// AES-256-GCM, sealed with a named key so a key can be rotated (the key id travels with the ciphertext).
import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";

const ALGORITHM = "aes-256-gcm";
const IV_BYTES = 12;
const TAG_BYTES = 16;
const KEY_BYTES = 32;
/** Sealed text: "v1.<keyId>.<iv>.<tag>.<ciphertext>", each part base64url. */
const VERSION = "v1";

/**
 * The key used in development and tests when TEXTING_SECRET_KEY is unset, and only while the carrier
 * simulator is the provider: it is public (it is in this file), so nothing real may be sealed with it.
 */
export const DEVELOPMENT_SECRET_KEY_ID = "dev";
const DEVELOPMENT_SECRET_KEY = createHash("sha256").update("rebound development secret box key (public)").digest();

export interface SecretBox {
  /** The id of the key new secrets are sealed with. */
  readonly keyId: string;
  /** Seals `plain`; the answer names the key and is safe to store. */
  seal(plain: string): string;
  /** Opens a sealed secret; throws when it was not sealed with a key of this box or was altered. */
  open(sealed: string): string;
  /** The id of the key a sealed secret was sealed with. */
  keyIdOf(sealed: string): string;
}

/** A 32-byte key given as base64 (openssl rand -base64 32); throws with the setting's name otherwise. */
export function decodeSecretKey(base64: string, settingName = "TEXTING_SECRET_KEY"): Buffer {
  const key = Buffer.from(base64.trim(), "base64");
  if (key.length !== KEY_BYTES) throw new Error(`${settingName} must be ${KEY_BYTES} bytes in base64 (openssl rand -base64 32), got ${key.length} bytes`);
  return key;
}

/**
 * A box over named keys: `current` seals, every key in `keys` opens (the previous key during a
 * rotation). Key ids are short names without dots.
 */
export function createSecretBox(current: { keyId: string; key: Buffer }, previous: readonly { keyId: string; key: Buffer }[] = []): SecretBox {
  const keys = new Map<string, Buffer>();
  for (const entry of [current, ...previous]) {
    if (!/^[A-Za-z0-9_-]{1,32}$/.test(entry.keyId)) throw new Error(`secret box key id "${entry.keyId}" must be 1-32 letters, digits, _ or -`);
    if (entry.key.length !== KEY_BYTES) throw new Error(`secret box key "${entry.keyId}" must be ${KEY_BYTES} bytes`);
    keys.set(entry.keyId, entry.key);
  }
  const parse = (sealed: string) => {
    const parts = sealed.split(".");
    if (parts.length !== 5 || parts[0] !== VERSION) throw new Error("not a sealed secret");
    const [, keyId = "", iv = "", tag = "", body = ""] = parts;
    return { keyId, iv: Buffer.from(iv, "base64url"), tag: Buffer.from(tag, "base64url"), body: Buffer.from(body, "base64url") };
  };
  return {
    keyId: current.keyId,
    seal(plain) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv(ALGORITHM, current.key, iv, { authTagLength: TAG_BYTES });
      // The key id is authenticated too: a secret cannot be relabelled to another key.
      cipher.setAAD(Buffer.from(current.keyId));
      const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
      return [VERSION, current.keyId, iv.toString("base64url"), cipher.getAuthTag().toString("base64url"), body.toString("base64url")].join(".");
    },
    open(sealed) {
      const { keyId, iv, tag, body } = parse(sealed);
      const key = keys.get(keyId);
      if (!key) throw new Error(`secret sealed with unknown key "${keyId}"`);
      if (iv.length !== IV_BYTES || tag.length !== TAG_BYTES) throw new Error("not a sealed secret");
      const decipher = createDecipheriv(ALGORITHM, key, iv, { authTagLength: TAG_BYTES });
      decipher.setAAD(Buffer.from(keyId));
      decipher.setAuthTag(tag);
      return Buffer.concat([decipher.update(body), decipher.final()]).toString("utf8");
    },
    keyIdOf(sealed) {
      return parse(sealed).keyId;
    },
  };
}

export interface SecretBoxSettings {
  /** TEXTING_SECRET_KEY: 32 bytes, base64. */
  key?: string;
  /** The id stored beside what it seals (default "k1"). */
  keyId?: string;
  /** The carrier simulator is the provider (TWILIO_ACCOUNT_SID unset). */
  simulator: boolean;
  nodeEnv: string;
}

/**
 * The box of a setting. Without the key: the public development key, allowed only outside
 * production while the simulator is the provider (nothing real is sealed then); otherwise the
 * process refuses to start, as it does for INTERNAL_AUTH_SECRET.
 */
export function secretBoxFromSettings(settings: SecretBoxSettings, settingName = "TEXTING_SECRET_KEY"): SecretBox {
  if (settings.key?.trim()) return createSecretBox({ keyId: settings.keyId ?? "k1", key: decodeSecretKey(settings.key, settingName) });
  if (settings.nodeEnv === "production") throw new Error(`${settingName} must be set in production`);
  if (!settings.simulator) throw new Error(`${settingName} must be set when TWILIO_ACCOUNT_SID is set (it seals the subaccounts' auth tokens)`);
  return createSecretBox({ keyId: DEVELOPMENT_SECRET_KEY_ID, key: DEVELOPMENT_SECRET_KEY });
}
