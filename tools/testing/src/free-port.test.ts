import { createServer } from "node:net";
import { EPHEMERAL_START as ephemeralStart, freePort, freePortRange } from "./free-port";

describe("freePort", () => {
  it("draws ports below the kernel's ephemeral range, each one a server can then listen on", async () => {
    const ports = await Promise.all(Array.from({ length: 20 }, () => freePort()));
    for (const port of ports) {
      expect(port).toBeGreaterThanOrEqual(10_000);
      expect(port).toBeLessThan(ephemeralStart);
    }
    expect(new Set(ports).size).toBeGreaterThan(15);
    const server = createServer();
    await new Promise<void>((resolve, reject) => server.once("error", reject).listen(ports[0], "127.0.0.1", resolve));
    expect(server.address()).toMatchObject({ port: ports[0] });
    await new Promise((resolve) => server.close(resolve));
  });

  it("finds consecutive free ports for start:distributed's services, none of them taken", async () => {
    const taken = createServer();
    const base = await freePortRange(3);
    await new Promise<void>((resolve, reject) => taken.once("error", reject).listen(base + 1, "127.0.0.1", resolve));
    const next = await freePortRange(3);
    expect(base + 3).toBeLessThanOrEqual(ephemeralStart);
    expect([next, next + 1, next + 2]).not.toContain(base + 1);
    await new Promise((resolve) => taken.close(resolve));
  });
});
