// The two-replica kill test (npm run test:replica-kill; .ci/run runs it): Rebound distributed
// (start:distributed, Kafka: KAFKA_BROKERS or librdkafka's mock) with two messaging processes
// in one consumer group, signed voice webhooks at 40 calls/s for 10 s, and one messaging
// process killed with SIGKILL (no leaving the group, no flushing) 3 s in. Passes when every call
// is texted exactly once: the survivor takes the dead replica's partitions after the consumer
// session times out and resumes from the last committed offsets, the texts the dead one had
// queued are recovered once their send lease lapses (after asking the carrier whether it
// already has them), and nothing is lost or sent twice. Exits 1 otherwise. Before the calls, the
// eight owners register for US texting (A2P 10DLC) against the fake Twilio API, as the product's
// defaults text US callers only once approved (setup, not timed).
import { readFileSync } from "node:fs";
import { fireCalls } from "./fire-calls";
import { formatRow, HEADER } from "./stats";
import { startDistributed, startFakeCarrier } from "./targets";

const RATE = Number(process.env.BENCH_RATE ?? 40);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const KILL_AFTER_MS = 3_000;
const OWNERS = 8;
const SESSION_TIMEOUT_MS = 6_000;
const SEND_LEASE_MS = 6_000;
/** start:distributed puts the seven services on the gateway's port and the six after it (messaging the fifth); the extra replica comes next. */
const SECOND_MESSAGING_OFFSET = 7;

const MESSAGING_OFFSET = 4;

/** CallMissed records the messaging process on this port has handled in the dispatch group (its /metrics). */
async function dispatchedCalls(port: number): Promise<number> {
  const metrics = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
  return metrics
    .split("\n")
    .filter(
      (line) => line.startsWith("bus_handler_duration_seconds_count{") && line.includes('group="messaging.dispatch"') && line.includes('type="CallMissed"'),
    )
    .reduce((sum, line) => sum + Number(line.split(" ").at(-1)), 0);
}

/** The process listening on this port among start:distributed's children (its PORT setting). */
function pidWithPort(pids: number[], port: number): number | undefined {
  return pids.find((pid) => {
    try {
      return readFileSync(`/proc/${pid}/environ`, "utf8").split("\0").includes(`PORT=${port}`);
    } catch {
      return false;
    }
  });
}

async function main(): Promise<void> {
  const carrier = await startFakeCarrier();
  // Eight owners: a business's events stay on one partition, so one owner would keep one replica busy and the other idle.
  const distributed = await startDistributed(carrier, {
    owners: OWNERS,
    env: {
      REPLICAS: "messaging=2",
      KAFKA_SESSION_TIMEOUT_MS: String(SESSION_TIMEOUT_MS),
      KAFKA_HEARTBEAT_INTERVAL_MS: "500",
      // A text the dead replica had queued is taken over once its send lease lapses (60 s by default).
      MESSAGING_SEND_LEASE_MS: String(SEND_LEASE_MS),
      MESSAGING_RECOVERY_INTERVAL_MS: "1000",
    },
  });
  let failed = true;
  try {
    const { target, gatewayPort } = distributed;
    const victim = pidWithPort(target.pids(), gatewayPort + SECOND_MESSAGING_OFFSET);
    if (!victim) throw new Error("the second messaging process was not found");
    // Both replicas must hold partitions of the dispatch group (and have handled calls) before one is killed.
    const handled = async () => Promise.all([MESSAGING_OFFSET, SECOND_MESSAGING_OFFSET].map((offset) => dispatchedCalls(gatewayPort + offset)));
    const sharingBy = Date.now() + 90_000;
    for (;;) {
      await fireCalls(target, carrier, 20, 2);
      const [first = 0, second = 0] = await handled();
      console.log(`warm-up: messaging handled ${first} calls, messaging-2 ${second}`);
      if (first > 0 && second > 0) break;
      if (Date.now() > sharingBy) throw new Error("the two messaging replicas never shared the dispatch group's partitions");
    }
    const kill = setTimeout(() => {
      process.kill(victim, "SIGKILL");
      console.log(`killed messaging-2 (pid ${victim}) ${KILL_AFTER_MS / 1000} s into the burst`);
    }, KILL_AFTER_MS);
    const result = await fireCalls(target, carrier, RATE, SECONDS, { settleMs: 90_000 });
    clearTimeout(kill);
    console.log(`${HEADER}\n${formatRow(result)}`);
    console.log(`the survivor has handled ${await dispatchedCalls(gatewayPort + MESSAGING_OFFSET)} calls in all`);
    const victimGone = !target.pids().includes(victim);
    failed = result.texted !== result.sent || result.duplicates > 0 || !victimGone;
    console.log(
      failed
        ? `FAILED: texted ${result.texted}/${result.sent}, duplicates ${result.duplicates}, killed replica gone: ${victimGone}; not texted: ${result.untexted.slice(0, 5).join(" ")}`
        : `passed: ${result.sent} calls, one killed replica, every call texted once (p99 ${result.p99.toFixed(0)} ms, max ${result.max.toFixed(0)} ms)`,
    );
  } finally {
    await distributed.stop({ keepLogs: failed });
    await carrier.close();
  }
  process.exit(failed ? 1 : 0);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
