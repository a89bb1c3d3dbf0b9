import { randomBytes } from "node:crypto";
import { createSecretBox, decodeSecretKey, DEVELOPMENT_SECRET_KEY_ID, secretBoxFromSettings } from "./secret-box";

const key = () => randomBytes(32);

describe("secret box", () => {
  it("seals and opens, naming the key, with a fresh IV each time", () => {
    const box = createSecretBox({ keyId: "k1", key: key() });
    const sealed = box.seal("auth-token-123");
    expect(sealed).not.toContain("auth-token-123");
    expect(box.keyIdOf(sealed)).toBe("k1");
    expect(box.open(sealed)).toBe("auth-token-123");
    expect(box.seal("auth-token-123")).not.toBe(sealed);
  });

  it("refuses an altered secret, a relabelled key id and an unknown key", () => {
    const box = createSecretBox({ keyId: "k1", key: key() });
    const sealed = box.seal("secret");
    const parts = sealed.split(".");
    const body = Buffer.from(parts[4]!, "base64url");
    body[0] = body[0]! ^ 1;
    expect(() => box.open([...parts.slice(0, 4), body.toString("base64url")].join("."))).toThrow();
    const other = createSecretBox({ keyId: "k2", key: key() }, [{ keyId: "k1", key: key() }]);
    expect(() => other.open(sealed)).toThrow();
    expect(() => createSecretBox({ keyId: "k9", key: key() }).open(sealed)).toThrow(/unknown key "k1"/);
    expect(() => box.open("plain text")).toThrow(/not a sealed secret/);
  });

  it("opens secrets sealed with the previous key during a rotation", () => {
    const old = { keyId: "k1", key: key() };
    const sealed = createSecretBox(old).seal("kept");
    const rotated = createSecretBox({ keyId: "k2", key: key() }, [old]);
    expect(rotated.open(sealed)).toBe("kept");
    expect(rotated.keyIdOf(rotated.seal("new"))).toBe("k2");
  });

  it("reads the key as 32 bytes of base64", () => {
    expect(decodeSecretKey(key().toString("base64"))).toHaveLength(32);
    expect(() => decodeSecretKey(Buffer.alloc(16).toString("base64"))).toThrow(/TEXTING_SECRET_KEY must be 32 bytes/);
  });

  it("uses the development key only outside production and only with the simulator", () => {
    expect(secretBoxFromSettings({ simulator: true, nodeEnv: "development" }).keyId).toBe(DEVELOPMENT_SECRET_KEY_ID);
    expect(secretBoxFromSettings({ simulator: true, nodeEnv: "test" }).keyId).toBe(DEVELOPMENT_SECRET_KEY_ID);
    expect(() => secretBoxFromSettings({ simulator: true, nodeEnv: "production" })).toThrow(/must be set in production/);
    expect(() => secretBoxFromSettings({ simulator: false, nodeEnv: "development" })).toThrow(/TWILIO_ACCOUNT_SID/);
    const configured = secretBoxFromSettings({ key: key().toString("base64"), simulator: false, nodeEnv: "production" });
    expect(configured.open(configured.seal("x"))).toBe("x");
  });
});
