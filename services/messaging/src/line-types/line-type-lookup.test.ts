import { createSilentLogger } from "@rebound/platform";
import { type LineType } from "@rebound/providers/telephony";
import { LINE_TYPE_TTL_MS, LineTypeLookup } from "./line-type-lookup";

const DAY = 24 * 60 * 60 * 1000;

function setup(answer: (number: string) => Promise<LineType | undefined>, enabled = true, maxEntries = 10) {
  let now = new Date("2026-01-05T15:00:00Z").getTime();
  const asked: string[] = [];
  const lookup = new LineTypeLookup(
    { lookupLineType: (number) => (asked.push(number), answer(number)) },
    { enabled, timeoutMs: 50, ttlMs: LINE_TYPE_TTL_MS, maxEntries },
    { now: () => new Date(now) },
    createSilentLogger(),
  );
  return { lookup, asked, advance: (ms: number) => (now += ms) };
}

describe("LineTypeLookup", () => {
  it("given lookups off, then it never asks the provider", async () => {
    const { lookup, asked } = setup(async () => "landline", false);
    await expect(lookup.lineTypeOf("+14155551111")).resolves.toBeUndefined();
    expect(asked).toEqual([]);
  });

  it("given an answer, then it is remembered for 30 days per number, then asked again", async () => {
    const { lookup, asked, advance } = setup(async (number) => (number.endsWith("1111") ? "landline" : "mobile"));

    expect(await lookup.lineTypeOf("+14155551111")).toBe("landline");
    expect(await lookup.lineTypeOf("+14155550142")).toBe("mobile");
    advance(29 * DAY);
    expect(await lookup.lineTypeOf("+14155551111")).toBe("landline");
    expect(asked).toEqual(["+14155551111", "+14155550142"]);
    advance(2 * DAY);
    expect(await lookup.lineTypeOf("+14155551111")).toBe("landline");
    expect(asked).toEqual(["+14155551111", "+14155550142", "+14155551111"]);
  });

  it.each<[string, () => Promise<LineType | undefined>]>([
    ["a provider that never answers", () => new Promise(() => undefined)],
    ["a provider that fails", () => Promise.reject(new Error("lookup failed"))],
  ])("given %s, then undefined within the timeout, not remembered", async (_case, answer) => {
    const { lookup, asked } = setup(answer);
    const started = Date.now();

    expect(await lookup.lineTypeOf("+14155551111")).toBeUndefined();
    expect(Date.now() - started).toBeLessThan(500);
    await lookup.lineTypeOf("+14155551111");
    expect(asked).toEqual(["+14155551111", "+14155551111"]);
  });

  it("given more numbers than it keeps, then the oldest is forgotten", async () => {
    const { lookup, asked } = setup(async () => "mobile", true, 2);
    for (const number of ["+14155550001", "+14155550002", "+14155550003", "+14155550001"]) await lookup.lineTypeOf(number);
    expect(asked).toEqual(["+14155550001", "+14155550002", "+14155550003", "+14155550001"]);
  });
});
