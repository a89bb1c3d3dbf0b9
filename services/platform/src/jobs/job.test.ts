import { createSilentLogger } from "../logging/logger";
import { startJobs } from "./job";

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));
const refused = () => Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" });

describe("startJobs", () => {
  it("given a database outage, backs a job off (its interval doubling) instead of failing at full rate, then resumes its interval", async () => {
    const runs: number[] = [];
    let down = true;
    const started = Date.now();
    const jobs = startJobs(
      [
        {
          name: "relay",
          intervalMs: 20,
          run: async () => {
            runs.push(Date.now() - started);
            if (down) throw refused();
          },
        },
      ],
      createSilentLogger(),
      { outageMaxDelayMs: 160 },
    );
    await sleep(500);
    // 20, then waits of 40, 80, 160, 160 ...: a handful of runs, not 25.
    const duringOutage = runs.length;
    expect(duringOutage).toBeGreaterThanOrEqual(3);
    expect(duringOutage).toBeLessThanOrEqual(6);
    down = false;
    await sleep(400);
    await jobs.stop();
    // Back on its 20 ms interval once a run succeeded.
    expect(runs.length - duringOutage).toBeGreaterThan(4);
  });

  it("keeps a job failing for another reason on its interval, and never throws out of the timer", async () => {
    let runs = 0;
    const jobs = startJobs(
      [
        {
          name: "buggy",
          intervalMs: 20,
          run: () => {
            runs++;
            throw new TypeError("a bug");
          },
        },
      ],
      createSilentLogger(),
    );
    await sleep(300);
    await jobs.stop();
    expect(runs).toBeGreaterThan(3);
  });
});
