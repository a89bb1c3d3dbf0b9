import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderWithProviders } from "@/test/render";
import { PrivacyPolicy } from "./privacy-policy";
import { TermsOfService } from "./terms-of-service";

// The texting registration's campaign links these two pages (PrivacyPolicyUrl, TermsAndConditionsUrl):
// US carriers' A2P 10DLC review looks for this wording (Twilio error 30932 for the privacy policy).
describe("legal pages carry the wording US carriers review", () => {
  it("the privacy policy says mobile information and opt-in consent are never shared", async () => {
    await renderWithProviders(<PrivacyPolicy />);
    await screen.findByRole("heading", { name: "Privacy Policy" });
    const text = document.body.textContent ?? "";
    expect(text).toContain("No mobile information will be shared with third parties or affiliates for marketing or promotional purposes.");
    expect(text).toContain(
      "All the above categories exclude text messaging originator opt-in data and consent; this information will not be shared with any third parties.",
    );
    expect(text).toContain("Message and data rates may apply.");
    expect(screen.getByRole("link", { name: "Terms of Service" }).getAttribute("href")).toBe("/terms");
  });

  it("the terms say what texts callers get, how often, the rates, STOP and HELP", async () => {
    await renderWithProviders(<TermsOfService />);
    const section = (await screen.findByRole("heading", { name: /Text messages to your callers/ })).closest("section");
    const text = section?.textContent ?? "";
    expect(text).toContain("one-time reply to the call you placed");
    expect(text).toContain("Message frequency: at most one text per missed call.");
    expect(text).toContain("Message and data rates may apply.");
    expect(text).toContain("Reply STOP to opt out");
    expect(text).toContain("Reply HELP for help");
    expect(text).toContain("Carriers are not liable for delayed or undelivered messages.");
    expect(screen.getByRole("link", { name: "Privacy Policy" }).getAttribute("href")).toBe("/privacy");
  });
});
