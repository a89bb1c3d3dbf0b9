import { getExpectedTwilioSignature } from "twilio/lib/webhooks/webhooks";
import { SIMULATOR_MAIN_ACCOUNT_SID } from "@rebound/providers/telephony";
import { json, PUBLIC_BASE_URL, startGateway, type GatewayHarness } from "./gateway-harness";

const SUBACCOUNT = `AC${"a".repeat(32)}`;
const SUBACCOUNT_TOKEN = "subaccount-token-1234";

const MAIN_ACCOUNT = `AC${"1".repeat(32)}`;
const MAIN_TOKEN = "main-account-token";

describe.each([["in process"], ["distributed"]])("webhooks of a business's subaccount, with Twilio (%s)", (mode) => {
  let gateway: GatewayHarness;
  beforeAll(async () => {
    gateway = await startGateway({
      distributed: mode === "distributed",
      gatewayConfig: { TWILIO_ACCOUNT_SID: MAIN_ACCOUNT, TWILIO_AUTH_TOKEN: MAIN_TOKEN },
    });
    gateway.services.webhookKeys.set(SUBACCOUNT, SUBACCOUNT_TOKEN);
  });
  afterAll(async () => {
    await gateway.stop();
  });

  const post = (path: string, form: Record<string, string>, token: string) =>
    gateway.browser().request("POST", path, new URLSearchParams(form).toString(), {
      "content-type": "application/x-www-form-urlencoded",
      "x-twilio-signature": getExpectedTwilioSignature(token, `${PUBLIC_BASE_URL}${path}`, form),
    });

  it("given a webhook signed with the subaccount's token and carrying its AccountSid, when it arrives, then the service gets it", async () => {
    const form = { AccountSid: SUBACCOUNT, MessageSid: "SM1", MessageStatus: "delivered" };
    const response = await post("/webhooks/twilio/status", form, SUBACCOUNT_TOKEN);
    expect(response.status).toBe(200);
    expect(await json(response)).toMatchObject({ path: "/webhooks/twilio/status", body: form });
  });

  it("given a signed status callback that changes nothing (queued, sent), when it arrives, then 204 from the gateway and messaging never sees it", async () => {
    const before = gateway.services.seen.length;
    for (const MessageStatus of ["accepted", "queued", "sending", "sent"]) {
      const response = await post("/webhooks/twilio/status", { AccountSid: SUBACCOUNT, MessageSid: "SM9", MessageStatus }, SUBACCOUNT_TOKEN);
      expect(response.status).toBe(204);
    }
    expect(gateway.services.seen.length).toBe(before);
    // Without a status it still goes through (messaging logs a callback it cannot read), and so does a final status.
    expect((await post("/webhooks/twilio/status", { AccountSid: SUBACCOUNT, MessageSid: "SM9" }, SUBACCOUNT_TOKEN)).status).toBe(200);
    expect((await post("/webhooks/twilio/status", { AccountSid: SUBACCOUNT, MessageSid: "SM9", MessageStatus: "undelivered" }, SUBACCOUNT_TOKEN)).status).toBe(
      200,
    );
    expect(gateway.services.seen.length).toBe(before + 2);
  });

  it("given a forged status callback that would change nothing, when it arrives, then 403 all the same", async () => {
    const response = await post("/webhooks/twilio/status", { AccountSid: SUBACCOUNT, MessageSid: "SM9", MessageStatus: "sent" }, "not-the-token");
    expect(response.status).toBe(403);
  });

  it("given a subaccount's AccountSid signed with the main account's token, when it arrives, then 403 and the service never sees it", async () => {
    const before = gateway.services.seen.length;
    const response = await post("/webhooks/twilio/sms", { AccountSid: SUBACCOUNT, From: "+15551230000", Body: "hi" }, MAIN_TOKEN);
    expect(response.status).toBe(403);
    expect(gateway.services.seen.length).toBe(before);
  });

  it("given an AccountSid that is not one of ours, when a webhook arrives signed with any token, then 403", async () => {
    const stranger = `AC${"b".repeat(32)}`;
    for (const token of [MAIN_TOKEN, SUBACCOUNT_TOKEN]) {
      const response = await post("/webhooks/twilio/voice", { AccountSid: stranger, CallSid: "CA1" }, token);
      expect(response.status).toBe(403);
    }
  });

  it("given the main account's AccountSid, when signed with the main token, then it is accepted without asking telephony", async () => {
    const lookups = gateway.services.webhookKeyLookups.length;
    const response = await post("/webhooks/twilio/voice", { AccountSid: MAIN_ACCOUNT, CallSid: "CA2" }, MAIN_TOKEN);
    expect(response.status).toBe(200);
    expect(gateway.services.webhookKeyLookups.length).toBe(lookups);
  });

  it("given several webhooks of the same subaccount, when they arrive, then telephony is asked once (cached)", async () => {
    const other = `AC${"c".repeat(32)}`;
    gateway.services.webhookKeys.set(other, "other-subaccount-token");
    const before = gateway.services.webhookKeyLookups.filter((sid) => sid === other).length;
    const answers = await Promise.all(
      [1, 2, 3].map((n) => post("/webhooks/twilio/status", { AccountSid: other, MessageSid: `SM${n}`, MessageStatus: "delivered" }, "other-subaccount-token")),
    );
    expect(answers.map((response) => response.status)).toEqual([200, 200, 200]);
    expect(gateway.services.webhookKeyLookups.filter((sid) => sid === other).length - before).toBe(1);
  });
});

describe("webhooks with the carrier simulator (TWILIO_ACCOUNT_SID unset)", () => {
  let gateway: GatewayHarness;
  beforeAll(async () => {
    gateway = await startGateway();
    gateway.services.webhookKeys.set(SUBACCOUNT, SUBACCOUNT_TOKEN);
  });
  afterAll(async () => {
    await gateway.stop();
  });

  const post = (form: Record<string, string>, token: string) =>
    gateway.browser().request("POST", "/webhooks/twilio/status", new URLSearchParams(form).toString(), {
      "content-type": "application/x-www-form-urlencoded",
      "x-twilio-signature": getExpectedTwilioSignature(token, `${PUBLIC_BASE_URL}/webhooks/twilio/status`, form),
    });

  it("given the simulator's main account or an account it does not know, when signed with the dev token, then accepted", async () => {
    expect((await post({ AccountSid: SIMULATOR_MAIN_ACCOUNT_SID, MessageSid: "SM1" }, "dev-auth-token")).status).toBe(200);
    expect((await post({ AccountSid: "ACsimulator", MessageSid: "SM2" }, "dev-auth-token")).status).toBe(200);
  });

  it("given a subaccount's AccountSid, when signed with the dev token, then 403; with its own token, accepted", async () => {
    expect((await post({ AccountSid: SUBACCOUNT, MessageSid: "SM3" }, "dev-auth-token")).status).toBe(403);
    expect((await post({ AccountSid: SUBACCOUNT, MessageSid: "SM4" }, SUBACCOUNT_TOKEN)).status).toBe(200);
  });
});
