// The two-replica kill test (npm run test:replica-kill; .ci/run runs it): Rebound distributed
// (start:distributed, Kafka: KAFKA_BROKERS or librdkafka's mock) with two messaging processes
// in one consumer group, signed voice webhooks at 40 calls/s for 10 s, and one messaging
// process killed with SIGKILL (no leaving the group, no flushing) 3 s in. Passes when every call
// is texted exactly once: the survivor takes the dead replica's partitions after the consumer
// session times out and resumes from the last committed offsets, the texts the dead one had
// queued are recovered once their send lease lapses (after asking the carrier whether it
// already has them), and nothing is lost or sent twice. Exits 1 otherwise.
import { readFileSync } from "node:fs";
import { startFakeTwilioApi } from "@rebound/testing/telephony";
import { fireCalls } from "./fire-calls";
import { formatRow, HEADER } from "./stats";
import { startDistributed } from "./targets";

const RATE = Number(process.env.BENCH_RATE ?? 40);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const KILL_AFTER_MS = 3_000;
const SESSION_TIMEOUT_MS = 6_000;
const SEND_LEASE_MS = 6_000;
/** start:distributed puts the seven services on the gateway's port and the six after it; the extra replica comes next. */
const SECOND_MESSAGING_OFFSET = 7;

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
  const carrier = await startFakeTwilioApi({ callbackStepMs: 5 });
  const distributed = await startDistributed(carrier, {
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
    await fireCalls(target, carrier, 20, 3); // both replicas have joined and handled records
    const kill = setTimeout(() => {
      process.kill(victim, "SIGKILL");
      console.log(`killed messaging-2 (pid ${victim}) ${KILL_AFTER_MS / 1000} s into the burst`);
    }, KILL_AFTER_MS);
    const result = await fireCalls(target, carrier, RATE, SECONDS, { settleMs: 45_000 });
    clearTimeout(kill);
    console.log(`${HEADER}\n${formatRow(result)}`);
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
