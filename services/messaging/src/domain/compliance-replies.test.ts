import { helpReply, optInConfirmation, optOutConfirmation } from "./compliance-replies";
import type { DispatchProfile } from "./dispatch-config";

const profile = (businessName: string, ownerName: string): DispatchProfile => ({
  businessName,
  ownerName,
  businessPhone: "",
  website: "",
  email: "",
  emergencyNumber: "",
  ownerEmail: "",
});

describe("compliance replies name the business, never with an empty name", () => {
  it.each<[string, DispatchProfile | undefined, string]>([
    ["the business name", profile("Acme Plumbing", "Ada Owner"), "Acme Plumbing"],
    ["the owner's name while the business has none", profile("", "Ada Owner"), "Ada Owner"],
    ["the owner's name, whitespace tidied", profile("  ", "  Ada   Owner "), "Ada Owner"],
    ["the fallback with neither", profile("", ""), "The business you called"],
    ["the fallback before the profile arrived", undefined, "The business you called"],
  ])("%s", (_case, given, name) => {
    expect(optOutConfirmation(given)).toBe(`${name}: You are unsubscribed and will receive no more messages from this number. Reply START to resubscribe.`);
    expect(optInConfirmation(given)).toMatch(new RegExp(`^${name}: You are resubscribed`));
    expect(helpReply(given)).toMatch(new RegExp(`^${name}: automatic replies to missed calls.`));
  });
});
