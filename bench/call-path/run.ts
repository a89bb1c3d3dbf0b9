// Call-path benchmark (npm run bench:call-path). Starts a fake carrier (a local stand-in
// for Twilio's REST API), a bare baseline server and Rebound pointed at the carrier; fires
// signed voice webhooks at a fixed rate and reports, per call, webhook sent -> SMS send
// request at the carrier, with the CPU each target spent per call.
//
//   (no flag)        Rebound standalone (`npm start`: PGlite, embedded bus)
//   --postgres       standalone on a fresh PostgreSQL database beside BENCH_POSTGRES_URL
//   --distributed    standalone, then `npm run start:distributed` (one process per service on a
//                    fresh PostgreSQL database, Redis and Kafka: KAFKA_BROKERS or the librdkafka
//                    mock) measured in the same run; the step-up runs on the distributed one
//   --simulator      standalone, then standalone as `npm start` ships (the carrier simulator in the
//                    process, no Twilio settings; texts read from the simulator's journal)
//   --distributed-only  `npm run start:distributed` alone (A/B runs of distributed settings, e.g.
//                    MOCK_BACKGROUND_FETCH_MIN_WAIT_MS or KAFKA_READ_FORMER_TOPICS in the environment)
//
// Every target's owners register for US texting (A2P 10DLC) first, as US callers are texted only once
// approved (setup, not timed): against the fake Twilio API, which reviews each step in a fraction of a
// second, or the carrier simulator. Voice webhooks are signed as Twilio signs them: as the subaccount
// that owns the number.
//
// BENCH_OWNERS (default 1): calls go round that many owners' numbers; one business's events are
// handled in order (one Kafka partition, one key of the embedded bus), so one owner is the worst case.
// BENCH_RATE (default 100; the distributed target is 40), BENCH_SECONDS, BENCH_WARM_UP_SECONDS,
// BENCH_STEP_RATES / BENCH_STEP_SECONDS (BENCH_STEP_RATES=none skips the step-up).
// Resident memory (issue 27): every target's, all threads, right after its own set-up, idle 12 s after every set-up,
// right after its own run and 12 s after it; with BENCH_MEMORY_BREAKDOWN=1 standalone runs with an inspector and
// what each thread holds is printed too (at the end).
// CPU (issue 27): BENCH_CPU_BREAKDOWN=1 prints ms per call by process (distributed) or by thread (one
// process); BENCH_DB_BREAKDOWN=1 prints PGlite's round trips and statements per call, the most frequent
// first; BENCH_PROFILE_DIR writes CPU profiles of the targets' processes.
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { fireCalls, type Target } from "./fire-calls";
import { residentMemory } from "./process-memory";
import { freePort, spawnTs, stopChild, waitForHttp } from "./processes";
import { formatRow, HEADER, type RunResult } from "./stats";
import { startDistributed, startFakeCarrier, startStandalone, type StartedTarget } from "./targets";

const RATE = Number(process.env.BENCH_RATE ?? 100);
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const STEP_SECONDS = Number(process.env.BENCH_STEP_SECONDS ?? 5);
const WARM_UP_SECONDS = Number(process.env.BENCH_WARM_UP_SECONDS ?? 10);
const STEP_RATES_ENV = process.env.BENCH_STEP_RATES === "none" ? [] : process.env.BENCH_STEP_RATES?.split(",").map(Number);
/** Above the sustained rate when it met the target, else below it: either way the highest passing rate is found. */
const stepRates = (sustainedPassed: boolean) => STEP_RATES_ENV ?? (sustainedPassed ? [110, 120, 130, 140, 150, 175, 200] : [20, 30, 40, 50, 60, 70, 80, 90]);
const P99_TARGET_MS = 100;

const POSTGRES = process.argv.includes("--postgres");
/** Owners the calls go round (one business's events are handled in order, on one Kafka partition). */
const OWNERS = Number(process.env.BENCH_OWNERS ?? 1);
const DISTRIBUTED = process.argv.includes("--distributed");
const SIMULATOR = process.argv.includes("--simulator");
const DISTRIBUTED_ONLY = process.argv.includes("--distributed-only");

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Resident memory of a target's processes, all threads (issue 27: `npm start` at most 500 MB at idle and after a run). */
function residentMb(target: Target): number {
  return target.pids().reduce((sum, pid) => sum + residentMemory(pid).rss, 0) / 1024 / 1024;
}
const MEMORY_TARGET_MB = 500;
const IDLE_AFTER_RUN_MS = 12_000;

async function main(): Promise<void> {
  const carrier = await startFakeCarrier();
  const started: StartedTarget[] = [];
  try {
    // Each target's memory is read right after its own set-up and its own run: read after the next
    // target's, it would be an idle figure (the set-up of distributed takes ~16 s, a run ~27 s).
    const residentAtStart: number[] = [];
    const begin = async (starting: Promise<StartedTarget>) => {
      const begun = await starting;
      started.push(begun);
      residentAtStart.push(residentMb(begun.target));
    };
    if (!DISTRIBUTED_ONLY) await begin(startStandalone(carrier, { postgres: POSTGRES, owners: OWNERS }));
    if (SIMULATOR && !DISTRIBUTED_ONLY) await begin(startStandalone(carrier, { postgres: POSTGRES, owners: OWNERS, simulator: true }));
    if (DISTRIBUTED || DISTRIBUTED_ONLY) await begin(startDistributed(carrier, { owners: OWNERS }));
    const rebounds = started.map(({ target }) => target);
    // At idle: the set-up (sign-ups, numbers, registrations) leaves garbage that V8 collects once allocation slows down.
    await pause(IDLE_AFTER_RUN_MS);
    const residentIdle = rebounds.map(residentMb);
    const baselinePort = await freePort();
    const baselineUrl = `http://127.0.0.1:${baselinePort}`;
    const dedicatedNumber = (rebounds[0] as Target).dedicatedNumber;
    const baseline = spawnTs(join(__dirname, "baseline-server.ts"), {
      PORT: String(baselinePort),
      CARRIER_URL: carrier.url,
      ACCOUNT_SID: carrier.accountSid,
      AUTH_TOKEN: carrier.authToken,
      FROM_NUMBER: dedicatedNumber,
    });
    const baselineTarget: Target = {
      label: "baseline (bare express)",
      baseUrl: baselineUrl,
      authToken: carrier.authToken,
      dedicatedNumber,
      pids: () => (baseline.pid ? [baseline.pid] : []),
    };
    await waitForHttp(`${baselineUrl}/healthz`).catch(() => undefined);
    await pause(1_500);

    // Each target is measured right after its own warm-up, long enough for V8 to optimise the
    // hot code and for the hot statements to be prepared (the first seconds of a fresh process
    // are not the steady state the targets are about). A target left idle while the other
    // one runs would cool down again: V8 drops the compiled code of functions not run lately.
    const warmUpThenRun = async (target: Target) => {
      await fireCalls(target, carrier, 50, WARM_UP_SECONDS);
      await pause(1_000);
      const result = await fireCalls(target, carrier, RATE, DURATION);
      console.log(formatRow(result));
      return result;
    };
    console.log(`\nsustained: ${RATE} calls/s for ${DURATION} s, each target after a ${WARM_UP_SECONDS} s warm-up at 50 calls/s\n${HEADER}`);
    const base = await warmUpThenRun(baselineTarget);
    const results: RunResult[] = [];
    const residentAfterRun: number[] = [];
    const residentLater: number[] = [];
    for (const target of rebounds) {
      results.push(await warmUpThenRun(target));
      residentAfterRun.push(residentMb(target));
      await pause(IDLE_AFTER_RUN_MS); // V8's memory reducer shrinks an idle heap 8 s after allocation slows down
      residentLater.push(residentMb(target));
    }
    await stopChild(baseline);
    for (const ours of results) {
      console.log(
        `  ${ours.label}: p50 ${(ours.p50 / base.p50).toFixed(2)}x the baseline's, p99 ${ours.p99.toFixed(1)} ms (target < ${P99_TARGET_MS}), ` +
          `cpu ${ours.cpuMsPerCall?.toFixed(2) ?? "n/a"} ms/call (baseline ${base.cpuMsPerCall?.toFixed(2) ?? "n/a"}), texted ${ours.texted}/${ours.sent}, duplicates ${ours.duplicates}`,
      );
    }

    for (const [index, target] of rebounds.entries()) {
      console.log(
        `  ${target.label}: resident ${residentAtStart[index]?.toFixed(0)} MB after its set-up, ${residentIdle[index]?.toFixed(0)} MB idle ${IDLE_AFTER_RUN_MS / 1000} s after every set-up, ` +
          `${residentAfterRun[index]?.toFixed(0)} MB right after its run, ` +
          `${residentLater[index]?.toFixed(0)} MB ${IDLE_AFTER_RUN_MS / 1000} s later (all threads; standalone's target ${MEMORY_TARGET_MB} MB)`,
      );
      const pid = target.pids()[0];
      if (target.inspectPort && pid) {
        const breakdown = spawnSync(
          process.execPath,
          ["--experimental-websocket", "--import", "tsx", join(__dirname, "memory-breakdown.ts"), String(target.inspectPort), String(pid)],
          { encoding: "utf8" },
        );
        console.log(`  what each thread holds (heaps before a full GC; the process's resident memory after it):\n${breakdown.stdout}${breakdown.stderr}`);
      }
    }

    const primary = rebounds.at(-1) as Target;
    const ours = results.at(-1) as RunResult;
    const rates = stepRates(ours.p99 < P99_TARGET_MS && ours.texted === ours.sent);
    if (rates.length > 0) {
      await pause(3_000); // let a backlog from the sustained run drain
      console.log(`\nstep-up (${primary.label}): ${STEP_SECONDS} s per rate until p99 >= ${P99_TARGET_MS} ms\n${HEADER}`);
      let highest = ours.p99 < P99_TARGET_MS && ours.texted === ours.sent ? RATE : 0;
      for (const rate of rates) {
        const result = await fireCalls(primary, carrier, rate, STEP_SECONDS);
        console.log(formatRow(result));
        if (result.p99 >= P99_TARGET_MS || result.texted < result.sent || result.duplicates > 0) break;
        highest = rate;
        await pause(1_000);
      }
      console.log(`\n  highest rate with p99 < ${P99_TARGET_MS} ms, every call texted once: ${highest} calls/s`);
      console.log(`  ${primary.label}: resident ${residentMb(primary).toFixed(0)} MB after the step-up\n`);
    }
  } finally {
    for (const target of started.reverse()) await target.stop();
    await carrier.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
