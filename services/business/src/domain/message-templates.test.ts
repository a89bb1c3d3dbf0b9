import { PLACEHOLDERS, renderMessage, type PlaceholderValues } from "../../../../proto/src/domain/placeholders";
import { countSmsSegments } from "../../../../proto/src/domain/sms-segments";
import { MESSAGE_TEMPLATES, allMessageTemplates, findMessageTemplate, type TemplateCategory } from "./message-templates";

const KEBAB = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const ANY_BRACKET_PAIR = /\[[\s\S]*\]/;
const TOKENS = new Set(PLACEHOLDERS.map((p) => p.token));

const TYPICAL: Required<PlaceholderValues> = {
  businessName: "Riverside Family Dental",
  website: "riversidedental.com",
  email: "frontdesk@riversidedental.com",
  emergencyNumber: "(555) 010-0199",
  openTime: "tomorrow at 9:00 AM",
  businessHours: "Mon-Fri 9:00 AM-5:00 PM",
};
const LONG: Required<PlaceholderValues> = {
  businessName: "Northern Lights Heating & Air Conditioning",
  website: "northernlightsheatingandair.com",
  email: "service@northernlightsheatingandair.com",
  emergencyNumber: "+1 (555) 010-0199 ext. 2",
  openTime: "next Wednesday at 10:30 AM",
  businessHours: "Mon-Thu 8:00 AM-6:00 PM, Fri 8:00 AM-5:00 PM, Sat 9:00 AM-1:00 PM",
};

const groups = [
  ["missedCall", MESSAGE_TEMPLATES.missedCall],
  ["afterHours", MESSAGE_TEMPLATES.afterHours],
] as const;
const all = allMessageTemplates();
const category = (list: TemplateCategory[], id: string): TemplateCategory => {
  const found = list.find((c) => c.id === id);
  if (!found) throw new Error(`missing category ${id}`);
  return found;
};
const messagesOf = (c: TemplateCategory): string => c.templates.map((t) => t.message).join(" ");

describe("MESSAGE_TEMPLATES structure", () => {
  it("given the missed-call group, then it has the spec's five categories in order", () => {
    expect(MESSAGE_TEMPLATES.missedCall.map((c) => c.name)).toEqual([
      "General Business",
      "Restaurant",
      "Healthcare",
      "Professional Services",
      "Contractors/Home Services",
    ]);
  });
  it("given the after-hours group, then it has the spec's five categories in order", () => {
    expect(MESSAGE_TEMPLATES.afterHours.map((c) => c.name)).toEqual([
      "Standard",
      "Restaurant",
      "Healthcare",
      "Professional Services",
      "Contractors/Home Services",
    ]);
  });
  it.each(groups)("given the %s group, then every category has 3 templates and kebab-case ids unique in the group", (_name, list) => {
    expect(list).toHaveLength(5);
    for (const c of list) {
      expect(c.templates).toHaveLength(3);
      expect(c.id).toMatch(KEBAB);
      expect(new Set(c.templates.map((t) => t.name)).size).toBe(3);
    }
    expect(new Set(list.map((c) => c.id)).size).toBe(5);
  });
  it("given all 30 templates, then their ids are kebab-case and unique across the catalogue", () => {
    expect(all).toHaveLength(30);
    for (const t of all) expect(t.id).toMatch(KEBAB);
    expect(new Set(all.map((t) => t.id)).size).toBe(30);
  });
  it("given an id, when looked up, then the template is found; an unknown id gives undefined", () => {
    expect(findMessageTemplate("after-hours-healthcare-on-call")?.name).toBe("On-call line");
    expect(findMessageTemplate("nope")).toBeUndefined();
  });
});

describe.each(all.map((t) => [t.id, t] as const))("template %s", (_id, template) => {
  it("given its text, then it is GSM-7 and uses only the spec's placeholder spellings", () => {
    expect(countSmsSegments(template.message).encoding).toBe("GSM-7");
    for (const [token] of template.message.matchAll(/\[[^\]]*\]/g)) expect(TOKENS.has(token)).toBe(true);
    expect(template.message).toContain("[Business Name]");
  });
  it("given typical values, when rendered, then nothing is left in brackets and it fits one segment", () => {
    const text = renderMessage(template.message, TYPICAL);
    expect(text).not.toMatch(ANY_BRACKET_PAIR);
    expect(countSmsSegments(text)).toMatchObject({ encoding: "GSM-7", segments: 1 });
  });
  it("given long values, when rendered, then it never needs more than two segments", () => {
    const text = renderMessage(template.message, LONG);
    expect(text).not.toMatch(ANY_BRACKET_PAIR);
    expect(countSmsSegments(text).segments).toBeLessThanOrEqual(2);
  });
  it("given every combination of missing optional values, when rendered, then it still reads as complete sentences", () => {
    const optional = ["website", "email", "emergencyNumber", "openTime", "businessHours"] as const;
    for (let mask = 0; mask < 1 << optional.length; mask++) {
      const values: PlaceholderValues = { businessName: TYPICAL.businessName };
      optional.forEach((key, bit) => {
        if (mask & (1 << bit)) values[key] = TYPICAL[key];
      });
      const text = renderMessage(template.message, values);
      expect(text).not.toMatch(ANY_BRACKET_PAIR);
      expect(text).toMatch(/^[A-Z].*[.!?]$/);
      expect(text).not.toMatch(/\b(?:at|visit|to|are|is|Hours:)[.!?]/); // nothing left dangling
      expect(text.length).toBeGreaterThan(40);
    }
  });
  it("given its wording, then it never asks the caller to text back and never says 'at [OPEN_TIME]'", () => {
    expect(template.message).not.toMatch(/\breply\b|\btext (?:us|back)\b/i);
    expect(template.message).not.toMatch(/at \[OPEN_TIME\]/);
  });
});

describe("MESSAGE_TEMPLATES content", () => {
  it("given the restaurant categories, then they point callers to the website", () => {
    expect(messagesOf(category(MESSAGE_TEMPLATES.missedCall, "restaurant"))).toContain("[WEBSITE]");
    expect(messagesOf(category(MESSAGE_TEMPLATES.afterHours, "restaurant"))).toContain("[WEBSITE]");
  });
  it("given the healthcare and contractor categories, then both groups offer the emergency number", () => {
    for (const list of [MESSAGE_TEMPLATES.missedCall, MESSAGE_TEMPLATES.afterHours]) {
      expect(messagesOf(category(list, "healthcare"))).toContain("[EMERGENCY_NUMBER]");
      expect(messagesOf(category(list, "contractors-home-services"))).toContain("[EMERGENCY_NUMBER]");
    }
  });
  it("given the healthcare templates, then every one points emergencies to 911", () => {
    for (const list of [MESSAGE_TEMPLATES.missedCall, MESSAGE_TEMPLATES.afterHours]) {
      for (const t of category(list, "healthcare").templates) expect(t.message).toContain("911");
    }
  });
  it("given the after-hours categories, then each tells the caller when the business is open", () => {
    for (const c of MESSAGE_TEMPLATES.afterHours) expect(messagesOf(c)).toMatch(/\[OPEN_TIME\]|\[BUSINESS_HOURS\]/);
  });
  it("given the missed-call templates, then none talks about being closed", () => {
    for (const c of MESSAGE_TEMPLATES.missedCall) expect(messagesOf(c)).not.toMatch(/closed|\[OPEN_TIME\]/i);
  });
});
