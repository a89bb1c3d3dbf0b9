import { startFakeTwilioApi, type FakeTwilioApi } from "@rebound/testing/telephony";
import { TelephonyProviderError, type ProviderAccount } from "@rebound/providers/telephony";
import { TwilioTextingRegistrationProvider } from "./texting-registration/twilio-texting-registration-provider";
import { TwilioTelephonyProvider } from "./twilio-provider";

describe("TwilioTelephonyProvider recordings (voicemail audio: fetch and delete in the business's subaccount)", () => {
  let fake: FakeTwilioApi;
  let provider: TwilioTelephonyProvider;
  let registration: TwilioTextingRegistrationProvider;
  let account: ProviderAccount;
  const audio = Buffer.concat([Buffer.from("RIFF"), Buffer.from([0, 1, 2, 253, 254, 255]), Buffer.alloc(4096, 7)]);

  beforeAll(async () => {
    fake = await startFakeTwilioApi({ statusCallbacks: false });
    const parent = { accountSid: fake.accountSid, authToken: fake.authToken, timeoutMs: 2_000, apiBaseUrl: fake.url };
    provider = new TwilioTelephonyProvider(parent);
    registration = new TwilioTextingRegistrationProvider({ ...parent, primaryCustomerProfileSid: fake.primaryCustomerProfileSid });
    account = await registration.createSubaccount("rebound:biz-voicemail");
  });

  afterAll(async () => {
    await provider.close();
    await registration.close();
    await fake.close();
  });

  const lastRequest = () => {
    const request = fake.requests.at(-1);
    return { method: request?.method, path: request?.path.replace(account.accountSid, "{sub}"), user: request?.user };
  };

  it("given a recording in the subaccount, when fetched, then its .wav bytes unchanged, through the subaccount's path with our credentials", async () => {
    const recording = fake.addRecording({ accountSid: account.accountSid, audio });

    const fetched = await provider.fetchRecording({ accountSid: account.accountSid, recordingSid: recording.sid });

    expect(fetched?.contentType).toBe("audio/x-wav");
    expect(Buffer.from(fetched?.data ?? []).equals(audio)).toBe(true);
    expect(lastRequest()).toEqual({ method: "GET", path: `/2010-04-01/Accounts/{sub}/Recordings/${recording.sid}.wav`, user: fake.accountSid });
  });

  it("given media that redirects to storage, when fetched, then the redirect is followed", async () => {
    const recording = fake.addRecording({ accountSid: account.accountSid, audio, contentType: "audio/wav", redirect: true });

    const fetched = await provider.fetchRecording({ accountSid: account.accountSid, recordingSid: recording.sid });

    expect(fetched?.contentType).toBe("audio/wav");
    expect(Buffer.from(fetched?.data ?? []).equals(audio)).toBe(true);
  });

  it("given a recording of another account, or none, when fetched, then undefined (Twilio's 404)", async () => {
    const elsewhere = fake.addRecording({ accountSid: fake.accountSid, audio });

    await expect(provider.fetchRecording({ accountSid: account.accountSid, recordingSid: elsewhere.sid })).resolves.toBeUndefined();
    await expect(provider.fetchRecording({ accountSid: account.accountSid, recordingSid: `RE${"0".repeat(32)}` })).resolves.toBeUndefined();
  });

  it("given Twilio fails, when fetched, then a retryable TelephonyProviderError with Twilio's code", async () => {
    const recording = fake.addRecording({ accountSid: account.accountSid, audio });
    fake.injectFailure({ resource: "Recordings", status: 503, code: 20503, message: "Service unavailable" });

    const failure = await provider.fetchRecording({ accountSid: account.accountSid, recordingSid: recording.sid }).catch((error: unknown) => error);

    expect(failure).toBeInstanceOf(TelephonyProviderError);
    expect(failure).toMatchObject({ code: "20503", retryable: true });
  });

  it("given a recording, when deleted twice, then DELETE .../Recordings/{sid}.json in the subaccount, the second finding it gone without an error", async () => {
    const recording = fake.addRecording({ accountSid: account.accountSid, audio });

    await provider.deleteRecording({ accountSid: account.accountSid, recordingSid: recording.sid });

    expect(lastRequest()).toEqual({ method: "DELETE", path: `/2010-04-01/Accounts/{sub}/Recordings/${recording.sid}.json`, user: fake.accountSid });
    expect(recording.deleted).toBe(true);
    await expect(provider.deleteRecording({ accountSid: account.accountSid, recordingSid: recording.sid })).resolves.toBeUndefined();
    await expect(provider.fetchRecording({ accountSid: account.accountSid, recordingSid: recording.sid })).resolves.toBeUndefined();
  });

  it("given a recording in the main account, when deleted, then on the main account's path", async () => {
    const recording = fake.addRecording({ audio });

    await provider.deleteRecording({ accountSid: fake.accountSid, recordingSid: recording.sid });

    expect(fake.requests.at(-1)).toMatchObject({ method: "DELETE", path: `/2010-04-01/Accounts/${fake.accountSid}/Recordings/${recording.sid}.json` });
    expect(recording.deleted).toBe(true);
  });

  it("given Twilio refuses the delete for another reason, then the error is thrown", async () => {
    const recording = fake.addRecording({ accountSid: account.accountSid, audio });
    fake.injectFailure({ resource: "Recordings", status: 500, code: 20500, message: "Internal error" });

    await expect(provider.deleteRecording({ accountSid: account.accountSid, recordingSid: recording.sid })).rejects.toMatchObject({
      code: "20500",
      retryable: true,
    });
    expect(recording.deleted).toBe(false);
  });
});
