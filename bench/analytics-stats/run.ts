// npm run bench:analytics (part 1): GET /api/analytics/stats at 200 concurrent requests for one
// business, through a fresh standalone (gateway + session + analytics, PGlite, the carrier
// simulator), beside a bare express server answering the same JSON from memory, measured in
// the same run. Also: how long after the delivery callback the stats show a text as delivered.
import autocannon from "autocannon";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setUpOwner } from "../call-path/owner-setup";
import { cpuTimes } from "../call-path/process-cpu";
import { freePort, repoRoot, spawnTs, stopChild, waitForHttp } from "../call-path/processes";

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 200);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CALLS = Number(process.env.BENCH_CALLS ?? 20);
// BENCH_CPU_PROF=<dir>: the standalone writes a V8 CPU profile there when it stops (node --cpu-prof).
// BENCH_NODE_ARGS="--trace-gc ...": more node flags for the standalone (VERBOSE=1 shows its output).

interface Figures {
  requests: number;
  rps: number;
  p50: number;
  p90: number;
  p97_5: number;
  p99: number;
  max: number;
  errors: number;
  /** The server's CPU per answered request during the measured run, µs (off Linux: undefined). */
  cpuUsPerRequest?: { process: number; mainThread: number };
  /** Young-generation collections during the measured run (from the server's /metrics, when it has one). */
  minorGc?: { count: number; ms: number };
}

async function minorGcTotals(metricsUrl: string | undefined): Promise<{ count: number; ms: number } | undefined> {
  if (!metricsUrl) return undefined;
  const text = await (await fetch(metricsUrl)).text();
  const value = (name: string) => Number(/\s(\S+)$/.exec(text.split("\n").find((line) => line.startsWith(name)) ?? "")?.[1] ?? NaN);
  return { count: value('nodejs_gc_duration_seconds_count{kind="minor"}'), ms: value('nodejs_gc_duration_seconds_sum{kind="minor"}') * 1000 };
}

async function load(url: string, headers: Record<string, string>, serverPid: number | undefined, metricsUrl?: string): Promise<Figures> {
  // Warm-up, then the measured run.
  await autocannon({ url, connections: CONNECTIONS, duration: 2, headers });
  const gcBefore = await minorGcTotals(metricsUrl);
  const cpuBefore = serverPid === undefined ? undefined : cpuTimes([serverPid]);
  const result = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS, headers });
  const cpuAfter = serverPid === undefined ? undefined : cpuTimes([serverPid]);
  const gcAfter = await minorGcTotals(metricsUrl);
  const perRequest = (ms: number) => Math.round((ms * 1000) / Math.max(result.requests.total, 1));
  return {
    requests: result.requests.total,
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p90: result.latency.p90,
    p97_5: result.latency.p97_5,
    p99: result.latency.p99,
    max: result.latency.max,
    errors: result.errors + result.non2xx,
    cpuUsPerRequest:
      cpuBefore && cpuAfter
        ? { process: perRequest(cpuAfter.processMs - cpuBefore.processMs), mainThread: perRequest(cpuAfter.mainThreadMs - cpuBefore.mainThreadMs) }
        : undefined,
    minorGc: gcBefore && gcAfter ? { count: gcAfter.count - gcBefore.count, ms: gcAfter.ms - gcBefore.ms } : undefined,
  };
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), "rebound-bench-analytics-"));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const rebound = spawnTs(
    join(repoRoot, "services/standalone/src/main.ts"),
    {
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_BASE_URL: url,
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      NODE_ENV: "development",
      INTERNAL_AUTH_SECRET: "bench-internal-secret-0123456789",
      SESSION_SECRET: "bench-session-secret-0123456789",
      SMS_MESSAGES_PER_SECOND: "1000",
    },
    [
      "--max-semi-space-size=32",
      ...(process.env.BENCH_CPU_PROF ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : []),
      ...(process.env.BENCH_NODE_ARGS?.split(" ").filter(Boolean) ?? []),
    ],
  );
  const baselinePort = await freePort();
  let baseline: ReturnType<typeof spawnTs> | undefined;
  try {
    await waitForHttp(`${url}/readyz`);
    const { dedicatedNumber, cookie } = await setUpOwner(url, "Sorry we missed you! We'll call right back.");
    const headers = { cookie };
    for (let index = 0; index < CALLS; index++) {
      const from = `+1212555${String(1000 + index)}`;
      const res = await fetch(`${url}/dev/simulator/calls`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ from, to: dedicatedNumber }),
      });
      if (!res.ok) throw new Error(`simulator call: ${res.status} ${await res.text()}`);
    }
    // Every text delivered: the carrier simulator's callbacks land, analytics projects them.
    const started = Date.now();
    let stats: { stats: { totalCalls: number; totalSms: number }; recentSms: { status: string }[] } | undefined;
    for (;;) {
      const res = await fetch(`${url}/api/analytics/stats?limit=50`, { headers });
      stats = (await res.json()) as typeof stats;
      const delivered = stats!.recentSms.filter((sms) => sms.status === "delivered").length;
      if (stats!.stats.totalCalls === CALLS && delivered === CALLS) break;
      if (Date.now() - started > 30_000) throw new Error(`not all delivered: ${JSON.stringify(stats!.stats)} delivered ${delivered}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    // Measured here: the figure once included both load runs, as it was taken when printed.
    const allDeliveredMs = Date.now() - started;
    const statsUrl = `${url}/api/analytics/stats`;
    const body = await (await fetch(statsUrl, { headers })).text();
    baseline = spawnTs(join(__dirname, "baseline-server.ts"), { PORT: String(baselinePort), BASELINE_BODY: body });
    await waitForHttp(`http://127.0.0.1:${baselinePort}/healthz`);

    const ours = await load(statsUrl, headers, rebound.pid, `${url}/metrics`);
    const bare = await load(`http://127.0.0.1:${baselinePort}/api/analytics/stats`, {}, baseline.pid);
    console.log(
      `GET /api/analytics/stats, ${CONNECTIONS} connections, ${SECONDS} s, one business (${CALLS} calls, all delivered ${allDeliveredMs} ms after the last call was placed)`,
    );
    console.log(`                      requests   req/s   p50 ms   p90 ms p97.5 ms   p99 ms   max ms   errors  cpu µs/req (main thread)`);
    for (const [name, figures] of [
      ["rebound (standalone)", ours],
      ["bare express baseline", bare],
    ] as const) {
      const cpu = figures.cpuUsPerRequest ? `${figures.cpuUsPerRequest.process} (${figures.cpuUsPerRequest.mainThread})` : "n/a";
      const columns = [figures.p50, figures.p90, figures.p97_5, figures.p99, figures.max, figures.errors].map((value) => String(value).padStart(9)).join("");
      console.log(`${name.padEnd(22)}${String(figures.requests).padStart(8)}${String(figures.rps).padStart(8)}${columns}  ${cpu}`);
    }
    if (ours.minorGc) {
      const { count, ms } = ours.minorGc;
      console.log(
        `rebound's young-generation GC during the run: ${count} pauses, ${Math.round(ms)} ms in all (${(ms / Math.max(count, 1)).toFixed(1)} ms each)`,
      );
    }
    console.log(`target p99 < 50 ms: ${ours.p99 < 50 ? "met" : "NOT met"} (${ours.p99} ms; baseline ${bare.p99} ms)`);
  } finally {
    if (baseline) await stopChild(baseline);
    await stopChild(rebound);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
