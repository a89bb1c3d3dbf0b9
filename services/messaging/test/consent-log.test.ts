import { messagingV1 } from "@rebound/contracts";
import { signInternalUser } from "@rebound/platform";
import { TelephonyProviderError } from "@rebound/providers/telephony";
import { FakeClock } from "@rebound/testing";
import { newBusiness, settle, startMessaging, type Harness } from "./support/messaging-harness";

const EMPTY_TWIML = '<?xml version="1.0" encoding="UTF-8"?><Response/>';
const HEADER = "occurred_at_utc,caller_number,action,method,matched,caller_message,confirmation_text,message_sid";

describe("opt-outs in plain language and the owner's consent log", () => {
  let h: Harness;
  const clock = new FakeClock("2026-01-05T15:00:00Z");
  let sequence = 0;

  beforeAll(async () => {
    h = await startMessaging({ clock });
  });
  afterAll(() => h.stop());

  async function business(name: string) {
    const created = newBusiness({ name });
    await h.seedBusiness(created, created.dedicated);
    return created;
  }

  async function text(b: { dedicated: string }, from: string, body: string) {
    sequence += 1;
    clock.advance(1_000);
    const response = await h.post("/webhooks/twilio/sms", { MessageSid: `SMconsent${sequence}`, From: from, To: b.dedicated, Body: body });
    return response.text();
  }

  function exportCsv(user?: { userId: string }) {
    const headers: Record<string, string> = user
      ? { "x-rebound-user": signInternalUser({ id: user.userId, email: `${user.userId}@example.com` }, h.runtime.config.INTERNAL_AUTH_SECRET) }
      : {};
    return fetch(`${h.running.url}/api/messaging/consent-log.csv`, { headers });
  }

  async function csvLines(user: { userId: string }): Promise<string[]> {
    const response = await exportCsv(user);
    expect(response.status).toBe(200);
    return (await response.text()).split("\r\n").filter((line) => line !== "");
  }

  it("honours a phrase at once with one confirmation, stays quiet to repeats, suppresses the next call, and logs every step", async () => {
    const b = await business("Acme Plumbing");
    const caller = "+15551239001";

    const first = await text(b, caller, "please stop texting me");
    expect(first).toContain(
      "<Message>Acme Plumbing: You are unsubscribed and will receive no more messages from this number. Reply START to resubscribe.</Message>",
    );
    const optOut = await h.eventOf("CallerOptedOut", (p) => p.businessId === b.businessId && p.callerNumber === caller);
    expect(optOut).toMatchObject({ keyword: "stop texting me", source: messagingV1.OptOutSource.KEYWORD });

    expect(await text(b, caller, "STOP!!!")).toBe(EMPTY_TWIML);
    expect(await text(b, caller, "leave me alone")).toBe(EMPTY_TWIML);
    await settle();
    const confirmations = await h.db.client.smsLog.findMany({ where: { businessId: b.businessId, recipientNumber: caller, kind: "compliance" } });
    expect(confirmations).toHaveLength(1);

    const callId = `consent-call-${b.businessId}`;
    await h.missedCall({ businessId: b.businessId, callId, from: caller, to: b.dedicated });
    expect((await h.eventOf("SmsSuppressed", (p) => p.callId === callId)).reason).toBe(messagingV1.SuppressionReason.OPTED_OUT);
    expect(h.provider.calls.filter((c) => c.request.to === caller)).toHaveLength(0);

    expect(await text(b, caller, "Start")).toContain("You are resubscribed");

    const lines = await csvLines(b);
    expect(lines[0]).toBe(HEADER);
    expect(lines.slice(1).map((line) => line.split(",").slice(1, 5).join(","))).toEqual([
      `${caller},opted_out,phrase,stop texting me`,
      `${caller},opted_out,keyword,STOP`,
      `${caller},opted_out,phrase,leave me alone`,
      `${caller},opted_in,keyword,START`,
    ]);
    expect(lines[1]).toContain(",please stop texting me,Acme Plumbing: You are unsubscribed");
    expect(lines[2]).toMatch(/,STOP!!!,,SMconsent\d+$/);
    expect(lines[4]).toContain(",Start,Acme Plumbing: You are resubscribed");
  });

  it("answers the CSV as a download and only with the owner's own rows", async () => {
    const mine = await business("Mine Plumbing");
    const theirs = await business("Theirs Electric");
    await text(mine, "+15551239101", "unsubscribe me");
    await text(theirs, "+15551239102", "=STOP");

    const response = await exportCsv(mine);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toBe('attachment; filename="rebound-consent-log.csv"');
    const body = await response.text();
    expect(body).toContain("+15551239101,opted_out,phrase,unsubscribe me");
    expect(body).not.toContain("+15551239102");

    const other = (await csvLines(theirs)).join("\n");
    expect(other).toContain("+15551239102,opted_out,keyword,STOP,'=STOP,");
    expect(other).not.toContain("+15551239101");
    expect(await csvLines({ userId: "user-without-a-business" })).toEqual([HEADER]);
  });

  it("logs the carrier's opt-out (21610) with no message and no confirmation", async () => {
    const b = await business("Carrier Co");
    const caller = "+15551239201";
    h.provider.failNext(new TelephonyProviderError("Attempt to send to unsubscribed recipient", { code: "21610", httpStatus: 400, retryable: false }));
    await h.missedCall({ businessId: b.businessId, callId: `carrier-${b.businessId}`, from: caller, to: b.dedicated });
    await h.eventOf("CallerOptedOut", (p) => p.businessId === b.businessId && p.source === messagingV1.OptOutSource.CARRIER);
    expect((await csvLines(b))[1]).toMatch(new RegExp(`^[^,]+,\\${caller},opted_out,carrier,21610,,,$`));
  });

  it("refuses the export without a signed-in user", async () => {
    expect((await exportCsv()).status).toBe(401);
  });
});
