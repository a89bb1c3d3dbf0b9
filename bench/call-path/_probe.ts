import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import twilio from "twilio";
import { startFakeTwilioApi } from "@rebound/platform/src/telephony/testing/fake-twilio-api";
import { statusCallbackParams } from "@rebound/platform/src/telephony/status-callback-params";
import { fireCalls } from "./fire-calls";
import { setUpOwner } from "./owner-setup";
import { processCpuMs } from "./process-cpu";
import { freePort, repoRoot, spawnTs, stopChild, waitForHttp } from "./processes";
import { formatRow, HEADER } from "./stats";

async function main() {
  const noCallbacks = process.env.PROBE_NO_CALLBACKS === "1";
  const carrier = await startFakeTwilioApi({ callbackStepMs: 5, statusCallbacks: !noCallbacks });
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const rebound = spawnTs(join(repoRoot, "services/standalone/src/main.ts"), {
    PORT: String(port), HOST: "127.0.0.1", PUBLIC_BASE_URL: url, DATA_DIR: mkdtempSync(join(tmpdir(), "probe-")), LOG_LEVEL: "warn", NODE_ENV: "production",
    INTERNAL_AUTH_SECRET: "bench-internal-secret-0123456789", SESSION_SECRET: "bench-session-secret-0123456789",
    TWILIO_ACCOUNT_SID: carrier.accountSid, TWILIO_AUTH_TOKEN: carrier.authToken, TWILIO_API_BASE_URL: carrier.url, TWILIO_TEST_CALLER_NUMBER: "+15005550006", SMS_MESSAGES_PER_SECOND: "1000",
  }, process.env.PROBE_NODE_ARGS ? process.env.PROBE_NODE_ARGS.split(" ") : []);
  try {
    await waitForHttp(`${url}/readyz`);
    const { dedicatedNumber } = await setUpOwner(url, "Thanks for calling [Business Name]!");
    await new Promise((r) => setTimeout(r, 1000));
    const target = { label: noCallbacks ? "calls, no callbacks" : "calls + callbacks", baseUrl: url, authToken: carrier.authToken, dedicatedNumber, pid: rebound.pid };
    await fireCalls(target, carrier, 50, 4);
    console.log(HEADER);
    console.log(formatRow(await fireCalls(target, carrier, 50, 10)));
    // no-op status callbacks
    const cbUrl = `${url}/webhooks/twilio/status`;
    const N = 1000;
    const before = processCpuMs(rebound.pid) as number;
    const t0 = Date.now();
    const inflight: Promise<unknown>[] = [];
    for (let i = 0; i < N; i++) {
      const params = statusCallbackParams({ accountSid: carrier.accountSid, sid: `SM${i.toString(16).padStart(32, "0")}`, from: dedicatedNumber, to: "+14155550000", status: "sent" });
      const sig = twilio.getExpectedTwilioSignature(carrier.authToken, cbUrl, params);
      inflight.push(fetch(cbUrl, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded", "x-twilio-signature": sig }, body: new URLSearchParams(params).toString() }).then((r) => r.arrayBuffer()));
      if (i % 100 === 99) await new Promise((r) => setTimeout(r, 200));
    }
    await Promise.all(inflight);
    console.log(`no-op status callback: ${(((processCpuMs(rebound.pid) as number) - before) / N).toFixed(3)} ms CPU each (${Date.now() - t0} ms)`);
  } finally {
    await stopChild(rebound);
    await carrier.close();
  }
}
main().catch((e) => { console.error(e); process.exit(1); });
