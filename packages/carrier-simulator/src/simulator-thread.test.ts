import express from "express";
import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createSilentLogger, errorMiddleware, loadConfig } from "@rebound/platform";
import { telephonyConfigSchema } from "@rebound/providers/telephony";
import { WebhookReceiver } from "@rebound/testing/telephony";
import { startSimulatorThread, type SimulatorThread } from "./simulator-thread";

jest.setTimeout(60_000);

describe("the carrier simulator in its own thread (npm start)", () => {
  let receiver: WebhookReceiver;
  let thread: SimulatorThread;
  let dataDir: string;
  let app: Server;
  let appUrl: string;

  beforeAll(async () => {
    receiver = await new WebhookReceiver().start();
    dataDir = mkdtempSync(join(tmpdir(), "simulator-thread-"));
    const telephony = loadConfig(telephonyConfigSchema, { SIMULATOR_DELIVERY_STEP_MS: "1" });
    thread = await startSimulatorThread({ ...telephony, PUBLIC_BASE_URL: receiver.url, DATA_DIR: dataDir, NODE_ENV: "development" }, "silent");
    // as standalone mounts it: the platform's error JSON after it
    const server = express().use(thread.devRouter).use(errorMiddleware(createSilentLogger()));
    app = await new Promise<Server>((resolve) => {
      const listening = server.listen(0, "127.0.0.1", () => resolve(listening));
    });
    appUrl = `http://127.0.0.1:${(app.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await new Promise((resolve) => app.close(resolve));
    await thread.close();
    await receiver.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("given a text sent through the provider, then the thread journals it and posts its signed status callbacks to the product", async () => {
    const [available] = await thread.provider.searchLocalNumbers("415");
    const number = await thread.provider.purchaseNumber(available?.phoneNumber as string, {
      voiceUrl: `${receiver.url}/webhooks/twilio/voice`,
      smsUrl: `${receiver.url}/webhooks/twilio/sms`,
      statusCallbackUrl: `${receiver.url}/webhooks/twilio/call-status`,
    });
    // A Canadian caller: outside the US A2P 10DLC rule, so the unregistered number's text is delivered.
    const sent = await thread.provider.sendSms({
      from: number.phoneNumber,
      to: "+14165550199",
      body: "Sorry we missed your call",
      statusCallbackUrl: `${receiver.url}/webhooks/twilio/status`,
    });
    const callbacks = await receiver.waitFor("/webhooks/twilio/status", 2);
    expect(callbacks.map((callback) => callback.params.MessageStatus)).toEqual(["sent", "delivered"]);
    expect(callbacks.every((callback) => callback.params.MessageSid === sent.sid)).toBe(true);
    const journal = readFileSync(join(dataDir, "simulator", "carrier.jsonl"), "utf8");
    expect(journal).toContain(`"sid":"${sent.sid}"`);
  });

  it("given the dev routes in this process, then they answer from the thread's simulator, errors included", async () => {
    const messages = await fetch(`${appUrl}/dev/simulator/messages`);
    expect(messages.status).toBe(200);
    expect(JSON.stringify(await messages.json())).toContain("Sorry we missed your call");
    const invalid = await fetch(`${appUrl}/dev/simulator/calls`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({}) });
    expect(invalid.status).toBe(400);
    expect(await invalid.json()).toMatchObject({ message: expect.any(String) });
  });

  it.each(["calls", "sms", "forwarding"])(
    "given JSON nested 10,000 levels deep to /dev/simulator/%s, then 400 with a message (was 500: the forward re-serialised it)",
    async (route) => {
      const nested = '{"a":'.repeat(10_000) + "1" + "}".repeat(10_000);
      const res = await fetch(`${appUrl}/dev/simulator/${route}`, { method: "POST", headers: { "content-type": "application/json" }, body: nested });
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ message: "Request body is nested too deeply", code: "BAD_REQUEST" });
    },
  );
});
