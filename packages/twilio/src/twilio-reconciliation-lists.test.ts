import { startFakeTwilioApi, type FakeTwilioApi } from "@rebound/testing/telephony";
import { TelephonyProviderError, type ProviderAccount } from "@rebound/providers/telephony";
import { TwilioTextingRegistrationProvider } from "./texting-registration/twilio-texting-registration-provider";
import { TwilioTelephonyProvider } from "./twilio-provider";

const NUMBER = "+13055550100";
const CALLER = "+15551230001";

describe("TwilioTelephonyProvider reconciliation lists (calls.list, messages.list by number and time)", () => {
  let fake: FakeTwilioApi;
  let provider: TwilioTelephonyProvider;
  let registration: TwilioTextingRegistrationProvider;
  let account: ProviderAccount;

  beforeAll(async () => {
    fake = await startFakeTwilioApi({ statusCallbacks: false });
    const parent = { accountSid: fake.accountSid, authToken: fake.authToken, timeoutMs: 2_000, apiBaseUrl: fake.url };
    provider = new TwilioTelephonyProvider(parent);
    registration = new TwilioTextingRegistrationProvider({ ...parent, primaryCustomerProfileSid: fake.primaryCustomerProfileSid });
    account = await registration.createSubaccount("rebound:biz-reconcile");
  });

  afterAll(async () => {
    await provider.close();
    await registration.close();
    await fake.close();
  });

  it("given calls earlier the same day and after the instant, when listed, then only those at or after it, with Twilio's fields, through the subaccount's path", async () => {
    const now = Date.now();
    const early = fake.addInboundCall({ accountSid: account.accountSid, from: CALLER, to: NUMBER, startTime: now - 60 * 60_000 });
    const late = fake.addInboundCall({ accountSid: account.accountSid, from: CALLER, to: NUMBER, startTime: now - 60_000, forwardedFrom: "+13055559999" });
    fake.addInboundCall({ accountSid: account.accountSid, from: CALLER, to: "+13055550199", startTime: now - 30_000 });
    fake.addInboundCall({ from: CALLER, to: NUMBER, startTime: now - 30_000 }); // the main account's

    const calls = await provider.listCalls({ to: NUMBER, startedAfter: new Date(now - 5 * 60_000), accountSid: account.accountSid });

    expect(calls).toEqual([
      {
        sid: late.sid,
        from: CALLER,
        to: NUMBER,
        status: "completed",
        direction: "inbound",
        startTime: new Date(Math.floor((now - 60_000) / 1000) * 1000),
        forwardedFrom: "+13055559999",
      },
    ]);
    expect(calls.map((call) => call.sid)).not.toContain(early.sid);
    const request = fake.requests.at(-1);
    expect(request?.path).toBe(`/2010-04-01/Accounts/${account.accountSid}/Calls.json`);
    expect(request?.user).toBe(fake.accountSid);
    expect(request?.params).toMatchObject({ To: NUMBER, "StartTime>": expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/) });
  });

  it("given more calls than a page, when listed, then every page is followed", async () => {
    const to = "+13055550111";
    const now = Date.now();
    const added = Array.from({ length: 450 }, (_, index) => fake.addInboundCall({ from: CALLER, to, startTime: now - index * 10 }));
    const before = fake.requests.length;

    const calls = await provider.listCalls({ to, startedAfter: new Date(now - 60 * 60_000) });

    expect(calls).toHaveLength(450);
    expect(new Set(calls.map((call) => call.sid))).toEqual(new Set(added.map((call) => call.sid)));
    expect(fake.requests.length - before).toBe(3); // 200 + 200 + 50
  });

  it("given inbound and outbound texts to the number, when listed, then only the inbound ones since the instant", async () => {
    const now = Date.now();
    const stop = fake.addInboundMessage({ accountSid: account.accountSid, from: CALLER, to: NUMBER, body: "STOP", at: now - 2_000 });
    fake.addInboundMessage({ accountSid: account.accountSid, from: CALLER, to: NUMBER, body: "old", at: now - 2 * 60 * 60_000 });
    await provider.sendSms({ from: "+13055550123", to: NUMBER, body: "outbound to the same number", accountSid: account.accountSid });

    const messages = await provider.listInboundMessages({ to: NUMBER, sentAfter: new Date(now - 60_000), accountSid: account.accountSid });

    expect(messages).toEqual([{ sid: stop.sid, from: CALLER, to: NUMBER, body: "STOP", dateSent: new Date(Math.floor((now - 2_000) / 1000) * 1000) }]);
    expect(fake.requests.at(-1)?.params).toMatchObject({ To: NUMBER, "DateSent>": expect.any(String) });
  });

  it("given Twilio fails, when listed, then a retryable TelephonyProviderError", async () => {
    fake.injectFailure({ resource: "Calls", status: 503, code: 20503, message: "Service unavailable" });

    const failure = await provider.listCalls({ to: NUMBER, startedAfter: new Date() }).catch((error: unknown) => error);

    expect(failure).toBeInstanceOf(TelephonyProviderError);
    expect(failure).toMatchObject({ retryable: true });
  });
});
