// The k6 scripts sign their webhooks themselves (infra/k6/twilio-signature.js, on k6/crypto):
// run with node:crypto in its place, it must agree with the twilio package the gateway verifies with.
import { createRequire } from "node:module";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { assert } from "../lib/assert";
import type { DeployCheck } from "../check";
import { read, root } from "../lib/repo";

type Params = Record<string, string>;
interface K6SignatureModule {
  twilioSignature(authToken: string, url: string, params: Params): string;
}
interface Twilio {
  getExpectedTwilioSignature(authToken: string, url: string, params: Params): string;
}

export const k6Signature: DeployCheck = {
  name: "k6 Twilio signature equals twilio.getExpectedTwilioSignature",
  run: async () => {
    const source = read("infra/k6/twilio-signature.js").replace(
      /import crypto from "k6\/crypto";/,
      `import { createHmac } from "node:crypto"; const crypto = { hmac: (alg, key, data, enc) => createHmac(alg, key).update(data).digest(enc) };`,
    );
    const tmp = mkdtempSync(join(tmpdir(), "rebound-k6-"));
    const file = join(tmp, "sig.mjs");
    writeFileSync(file, source);
    const { twilioSignature } = (await import(pathToFileURL(file).href)) as K6SignatureModule;
    rmSync(tmp, { recursive: true, force: true });
    // The twilio package the gateway verifies signatures with.
    const twilio = createRequire(join(root, "services/gateway/package.json"))("twilio") as Twilio;
    const url = "https://app.rebound.example.com/webhooks/twilio/voice";
    const params = {
      CallSid: "CA0123",
      From: "+15557000001",
      To: "+15550001234",
      CallStatus: "no-answer",
      Direction: "inbound",
      AccountSid: "AC1",
    };
    const expected = twilio.getExpectedTwilioSignature("secret-token", url, params);
    const actual = twilioSignature("secret-token", url, params);
    assert(actual === expected, `k6 ${actual} != twilio ${expected}`);
    return { detail: expected };
  },
};
