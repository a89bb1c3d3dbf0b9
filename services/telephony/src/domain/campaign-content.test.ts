import { campaignContent, compliantSample, type CampaignBusiness } from "./campaign-content";

const business = (overrides: Partial<CampaignBusiness> = {}): CampaignBusiness => ({
  name: "Acme Plumbing",
  website: "",
  email: "",
  emergencyNumber: "",
  smsMessage: "",
  afterHoursMessage: "",
  afterHoursEnabled: false,
  ...overrides,
});

describe("campaign content", () => {
  it("given a sample without the business name or opt-out wording, then both are added", () => {
    expect(compliantSample("Sorry we missed you, we'll call back.", business())).toBe(
      "Acme Plumbing: Sorry we missed you, we'll call back. Reply STOP to opt out.",
    );
  });

  it("given a sample that names the business and says how to opt out, then it is kept as is", () => {
    expect(compliantSample("[Business Name] here: we missed you. Text STOP to unsubscribe.", business())).toBe(
      "Acme Plumbing here: we missed you. Text STOP to unsubscribe.",
    );
  });

  it("given the owner's texts, then 2-3 samples from them, the use case by kind, and our privacy and terms URLs", () => {
    const content = campaignContent(
      "standard",
      business({ smsMessage: "Thanks for calling [Business Name]!", afterHoursEnabled: true, afterHoursMessage: "We're closed; back tomorrow." }),
      "https://app.example",
    );
    expect(content.messageSamples).toEqual([
      "Thanks for calling Acme Plumbing! Reply STOP to opt out.",
      "Acme Plumbing: We're closed; back tomorrow. Reply STOP to opt out.",
      expect.stringContaining("Acme Plumbing"),
    ]);
    expect(content.usecase).toBe("LOW_VOLUME");
    expect(content.privacyPolicyUrl).toBe("https://app.example/privacy");
    expect(content.termsAndConditionsUrl).toBe("https://app.example/terms");
    expect(content.description.length).toBeGreaterThanOrEqual(40);
    expect(content.messageFlow.length).toBeGreaterThanOrEqual(40);
    expect(content.messageFlow).toMatch(/no marketing/);
    expect(content.hasEmbeddedLinks).toBe(false);
    expect(campaignContent("sole_proprietor", business(), "https://app.example").usecase).toBe("SOLE_PROPRIETOR");
  });

  it("given no texts configured, then still two samples, each with the name and STOP", () => {
    const { messageSamples } = campaignContent("standard", business(), "https://app.example");
    expect(messageSamples.length).toBeGreaterThanOrEqual(2);
    for (const sample of messageSamples) expect(sample).toMatch(/Acme Plumbing.*STOP|STOP.*Acme Plumbing/s);
  });
});
