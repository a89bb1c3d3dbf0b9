import { classifyInbound } from "./inbound-keyword";
import { replyTo, type InboundContext } from "./inbound-reply";

const now = new Date("2026-01-05T15:00:00Z");
const context = (optedOut: boolean): InboundContext => ({ business: { businessId: "biz-1" }, fromNumber: "+15551230001", optedOut });

describe("replyTo an opt-out", () => {
  it.each(["STOP", "please stop texting me"])("confirms %j once, when it opts the caller out", (body) => {
    expect(replyTo(classifyInbound(body), context(false), now)).toEqual({
      kind: "compliance",
      body: "The business you called: You are unsubscribed and will receive no more messages from this number. Reply START to resubscribe.",
    });
  });

  it.each(["STOP", "leave me alone"])("does not answer %j from a caller already opted out", (body) => {
    expect(replyTo(classifyInbound(body), context(true), now)).toBeUndefined();
  });

  it("confirms START whatever the state before", () => {
    expect(replyTo(classifyInbound("START"), context(false), now)?.body).toContain("You are resubscribed");
    expect(replyTo(classifyInbound("START"), context(true), now)?.body).toContain("You are resubscribed");
  });
});
