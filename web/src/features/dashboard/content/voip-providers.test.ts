import { searchProviders, VOIP_PROVIDERS } from "./voip-providers";

describe("VoIP providers", () => {
  it("lists 20 providers, each with steps", () => {
    expect(VOIP_PROVIDERS).toHaveLength(20);
    expect(new Set(VOIP_PROVIDERS.map((provider) => provider.name)).size).toBe(20);
    expect(VOIP_PROVIDERS.every((provider) => provider.steps.length >= 2)).toBe(true);
  });
  it("finds providers by any part of the name, ignoring case", () => {
    expect(searchProviders("ring").map((provider) => provider.name)).toEqual(["RingCentral"]);
    expect(searchProviders("zzz")).toEqual([]);
    expect(searchProviders("")).toHaveLength(20);
  });
});
