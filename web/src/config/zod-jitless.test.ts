import { makeZodJitless } from "./zod-jitless";

describe("zod without eval", () => {
  it("given the flag is set before zod loads, when zod reads its config, then it is jitless and still parses objects", async () => {
    makeZodJitless();
    const { z } = await import("zod");
    expect(z.config().jitless).toBe(true);
    const spy = vi.spyOn(globalThis, "Function");
    expect(z.object({ name: z.string() }).parse({ name: "Dana" })).toEqual({ name: "Dana" });
    expect(spy).not.toHaveBeenCalled();
    spy.mockRestore();
  });
});
