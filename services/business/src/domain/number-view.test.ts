import { emptyNumberView } from "./business-defaults";
import { evolveNumberView, type NumberFact } from "./number-view";

const at = new Date("2026-01-06T10:00:00Z");
const later = new Date("2026-01-06T11:00:00Z");
const purchased = (phoneNumber: string, sid: string, country = "US"): NumberFact => ({ type: "purchased", phoneNumber, sid, country, at });

describe("evolveNumberView", () => {
  it("given a purchase, then the number, its SID, date and country are set", () => {
    const view = evolveNumberView(emptyNumberView(), purchased("+12125550100", "PN1", "CA"));

    expect(view).toMatchObject({ dedicatedNumber: "+12125550100", numberSid: "PN1", phoneNumberPurchasedAt: at, phoneNumberCountry: "CA" });
  });

  it("given a purchase without a country, then the stored country stays", () => {
    const view = evolveNumberView(emptyNumberView(), purchased("+12125550100", "PN1", ""));

    expect(view.phoneNumberCountry).toBe("US");
  });

  it("given a successful forwarding test with a number, then setup is complete and stays so after a later failure", () => {
    const bought = evolveNumberView(emptyNumberView(), purchased("+12125550100", "PN1"));
    const passed = evolveNumberView(bought, { type: "forwardingTested", status: "success", at });
    const failed = evolveNumberView(passed, { type: "forwardingTested", status: "failed", at: later });

    expect(passed).toMatchObject({ setupCompleted: true, lastCallForwardingTestStatus: "success", lastCallForwardingTestDate: at });
    expect(failed).toMatchObject({ setupCompleted: true, lastCallForwardingTestStatus: "failed", lastCallForwardingTestDate: later });
  });

  it("given a successful test without a number, then setup is not complete", () => {
    const view = evolveNumberView(emptyNumberView(), { type: "forwardingTested", status: "success", at });

    expect(view.setupCompleted).toBe(false);
  });

  it("given a test with an unknown status, then the view is unchanged", () => {
    const view = emptyNumberView();

    expect(evolveNumberView(view, { type: "forwardingTested", status: null, at })).toBe(view);
  });

  it("given a release of the current SID, then the number is cleared and setup starts over", () => {
    const bought = evolveNumberView(emptyNumberView(), purchased("+12125550100", "PN1"));
    const done = evolveNumberView(bought, { type: "forwardingTested", status: "success", at });

    const released = evolveNumberView(done, { type: "released", phoneNumber: "+12125550100", sid: "PN1" });

    expect(released).toMatchObject({ dedicatedNumber: null, numberSid: null, phoneNumberPurchasedAt: null, setupCompleted: false });
    expect(released.lastCallForwardingTestStatus).toBe("success");
  });

  it("given a late release of an earlier number, then the newer number stays", () => {
    const bought = evolveNumberView(emptyNumberView(), purchased("+12125550100", "PN2"));

    expect(evolveNumberView(bought, { type: "released", phoneNumber: "+12125550999", sid: "PN1" })).toBe(bought);
  });

  it("given a release without a SID, then it matches on the phone number", () => {
    const bought = evolveNumberView(emptyNumberView(), purchased("+12125550100", "PN2"));

    expect(evolveNumberView(bought, { type: "released", phoneNumber: "+12125550100", sid: "" }).dedicatedNumber).toBeNull();
  });

  it("given a new number after setup, then setup starts over; given the same purchase again, then it is kept", () => {
    const done = evolveNumberView(evolveNumberView(emptyNumberView(), purchased("+12125550100", "PN1")), { type: "forwardingTested", status: "success", at });

    expect(evolveNumberView(done, purchased("+12125550100", "PN1")).setupCompleted).toBe(true);
    expect(evolveNumberView(done, purchased("+12125550200", "PN2")).setupCompleted).toBe(false);
  });
});
