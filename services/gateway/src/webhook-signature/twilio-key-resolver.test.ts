import { createTwilioKeyResolver } from "./twilio-key-resolver";

const MAIN = `AC${"0".repeat(32)}`;

function setup(keys: Record<string, string>, options: { maxEntries?: number } = {}) {
  let now = 1_000_000;
  const calls: string[] = [];
  const resolver = createTwilioKeyResolver({
    mainAccountSid: MAIN,
    mainAuthToken: "main-token",
    fetchKey: async (sid) => {
      calls.push(sid);
      await new Promise((resolve) => setImmediate(resolve));
      return keys[sid];
    },
    now: () => now,
    ...options,
  });
  return { resolver, calls, advance: (ms: number) => (now += ms) };
}

describe("twilio key resolver", () => {
  it("answers the main token for the main account or no AccountSid, without a lookup", async () => {
    const { resolver, calls } = setup({});
    expect(await resolver.tokenFor(MAIN)).toBe("main-token");
    expect(await resolver.tokenFor(undefined)).toBe("main-token");
    expect(calls).toEqual([]);
  });

  it("looks a subaccount up once, shares concurrent misses, and keeps it about 10 minutes", async () => {
    const { resolver, calls, advance } = setup({ AC1: "t1" });
    expect(await Promise.all([resolver.tokenFor("AC1"), resolver.tokenFor("AC1"), resolver.tokenFor("AC1")])).toEqual(["t1", "t1", "t1"]);
    expect(calls).toEqual(["AC1"]);
    advance(9 * 60_000);
    expect(await resolver.tokenFor("AC1")).toBe("t1");
    expect(calls).toEqual(["AC1"]);
    advance(2 * 60_000);
    expect(await resolver.tokenFor("AC1")).toBe("t1");
    expect(calls).toEqual(["AC1", "AC1"]);
  });

  it("remembers an unknown account for 30 s only", async () => {
    const keys: Record<string, string> = {};
    const { resolver, calls, advance } = setup(keys);
    expect(await resolver.tokenFor("AC2")).toBeUndefined();
    keys.AC2 = "t2";
    advance(20_000);
    expect(await resolver.tokenFor("AC2")).toBeUndefined();
    advance(11_000);
    expect(await resolver.tokenFor("AC2")).toBe("t2");
    expect(calls).toEqual(["AC2", "AC2"]);
  });

  it("is bounded: the least recently used subaccount goes first", async () => {
    const { resolver, calls } = setup({ A: "a", B: "b", C: "c" }, { maxEntries: 2 });
    await resolver.tokenFor("A");
    await resolver.tokenFor("B");
    await resolver.tokenFor("A");
    await resolver.tokenFor("C");
    await resolver.tokenFor("A");
    expect(calls).toEqual(["A", "B", "C"]);
    await resolver.tokenFor("B");
    expect(calls).toEqual(["A", "B", "C", "B"]);
  });

  it("with the simulator, checks an account that is not ours with the main token; a known subaccount still needs its own", async () => {
    const resolver = createTwilioKeyResolver({
      mainAccountSid: MAIN,
      mainAuthToken: "main-token",
      unknownAccounts: "main",
      fetchKey: async (sid) => (sid === "AC1" ? "t1" : undefined),
    });
    expect(await resolver.tokenFor("ACsimulator")).toBe("main-token");
    expect(await resolver.tokenFor("AC1")).toBe("t1");
  });

  it("does not remember a failed lookup", async () => {
    let fail = true;
    const calls: string[] = [];
    const resolver = createTwilioKeyResolver({
      mainAccountSid: MAIN,
      mainAuthToken: "m",
      fetchKey: async (sid) => {
        calls.push(sid);
        if (fail) throw new Error("telephony down");
        return "t";
      },
    });
    await expect(resolver.tokenFor("AC3")).rejects.toThrow("telephony down");
    fail = false;
    expect(await resolver.tokenFor("AC3")).toBe("t");
    expect(calls).toEqual(["AC3", "AC3"]);
  });
});
