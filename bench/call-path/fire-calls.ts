import twilio from "twilio";
import { describeStatementCounts, readStatementCounts } from "./statement-counts";
import { cpuByProcess, cpuByThread, cpuTimes, describeThreadCpu, type CpuTimes } from "./process-cpu";
import { summarise, type RunResult } from "./stats";

/** A text as the carrier saw it: the recipient, when it received the send request (epoch ms) and, when known, that instant on this process's performance clock. */
export interface CarrierMessage {
  to: string;
  receivedAt: number;
  atPerformanceNow?: number;
}

/** Where the bench learns of sent texts: the fake Twilio API, or the simulator's journal (`--simulator`). */
export interface CarrierFeed {
  accountSid: string;
  on(event: "message", listener: (message: CarrierMessage) => void): unknown;
  off(event: "message", listener: (message: CarrierMessage) => void): unknown;
}

export interface Target {
  label: string;
  baseUrl: string;
  authToken: string;
  dedicatedNumber: string;
  /** More owners' numbers: calls go round them (one business's events share a Kafka partition, so one owner exercises one consumer). */
  otherNumbers?: string[];
  /** The target's processes, for their CPU time per call (Linux); read at the start and end of each run. */
  pids: () => number[];
  /** Its own carrier (the simulator's journal), when not the bench's fake Twilio API. */
  carrier?: CarrierFeed;
  /**
   * The account that owns each number, by number, when not the carrier's main one: Twilio puts that
   * account in the webhook's AccountSid and signs it with that account's token (a business's subaccount).
   */
  accounts?: Record<string, { accountSid: string; authToken: string }>;
  /** The inspector's port of the target's process (BENCH_MEMORY_BREAKDOWN): what each thread holds, after the run. */
  inspectPort?: number;
  /** PGlite's statement tally (BENCH_DB_BREAKDOWN): statements and round trips per call, read at the start and end of each run. */
  statementCountsFile?: string;
}

let callerSeq = 1;
const nextCaller = () => `+1415${String(5_000_000 + callerSeq++).padStart(7, "0")}`;

/**
 * Posts signed voice webhooks at a fixed rate, as Twilio does for forwarded missed
 * calls (each signed as the account that owns the number: `Target.accounts`), and measures for each call the time from sending the webhook to the SMS
 * send request arriving at the fake carrier.
 */
export async function fireCalls(
  target: Target,
  fakeCarrier: CarrierFeed,
  rate: number,
  durationSeconds: number,
  options: { settleMs?: number } = {},
): Promise<RunResult & { untexted: string[] }> {
  const total = Math.round(rate * durationSeconds);
  const sentAt = new Map<string, number>();
  const latencies: number[] = [];
  const arrivals = new Map<string, number>();
  let duplicates = 0;
  let lastArrival = 0;
  // Latencies on performance.now() (the fake carrier runs in this process and emits `message`
  // as it records the request): sub-millisecond, where the carrier's receivedAt is whole ms.
  const carrier = target.carrier ?? fakeCarrier;
  const onMessage = (message: CarrierMessage) => {
    const arrived = message.atPerformanceNow ?? performance.now();
    lastArrival = Math.max(lastArrival, message.receivedAt);
    const started = sentAt.get(message.to);
    if (started === undefined) return;
    const seen = (arrivals.get(message.to) ?? 0) + 1;
    arrivals.set(message.to, seen);
    if (seen > 1) duplicates++;
    else latencies.push(arrived - started);
  };
  carrier.on("message", onMessage);
  const url = `${target.baseUrl}/webhooks/twilio/voice`;
  const numbers = [target.dedicatedNumber, ...(target.otherNumbers ?? [])];
  const signers = numbers.map((number) => target.accounts?.[number] ?? { accountSid: carrier.accountSid, authToken: target.authToken });
  const failures: string[] = [];
  const inFlight: Promise<void>[] = [];
  const pids = target.pids();
  const cpuBefore = cpuTimes(pids);
  const byProcessBefore = pids.length > 1 ? cpuByProcess(pids) : undefined;
  const onlyPid = pids.length === 1 ? pids[0] : undefined;
  const byThreadBefore = onlyPid !== undefined && process.env.BENCH_CPU_BREAKDOWN ? cpuByThread(onlyPid) : undefined;
  const statementsBefore = target.statementCountsFile ? await readStatementCounts(target.statementCountsFile) : undefined;
  const start = performance.now();
  const startedAt = Date.now();
  for (let i = 0; i < total; i++) {
    const due = start + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    const caller = nextCaller();
    const signer = signers[i % numbers.length] as { accountSid: string; authToken: string };
    const params = {
      CallSid: `CA${Date.now().toString(16)}${i.toString(16).padStart(8, "0")}${Math.random().toString(16).slice(2, 10)}`,
      AccountSid: signer.accountSid,
      From: caller,
      To: numbers[i % numbers.length] as string,
      CallStatus: "no-answer",
      Direction: "inbound",
    };
    const signature = twilio.getExpectedTwilioSignature(signer.authToken, url, params);
    sentAt.set(caller, performance.now());
    inFlight.push(
      fetch(url, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", "x-twilio-signature": signature },
        body: new URLSearchParams(params).toString(),
      })
        .then(async (res) => {
          await res.arrayBuffer();
          if (res.status !== 200) failures.push(`${res.status}`);
        })
        .catch((error: unknown) => void failures.push(String(error))),
    );
  }
  await Promise.all(inFlight);
  const deadline = Date.now() + (options.settleMs ?? 15_000);
  while (latencies.length < total && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
  await new Promise((resolve) => setTimeout(resolve, 300)); // late duplicates would show up here
  carrier.off("message", onMessage);
  if (failures.length > 0) console.warn(`  ${target.label}: ${failures.length} webhook failures, e.g. ${failures[0]}`);
  const cpuAfter = cpuTimes(pids);
  if (byProcessBefore && process.env.BENCH_CPU_BREAKDOWN) {
    const parts = [...cpuByProcess(pids)].map(([name, ms]) => `${name} ${((ms - (byProcessBefore.get(name) ?? 0)) / total).toFixed(2)}`);
    console.log(`  ${target.label} cpu ms/call by process: ${parts.join(", ")}`);
  }
  if (target.statementCountsFile && statementsBefore) {
    const after = await readStatementCounts(target.statementCountsFile);
    console.log(`  ${target.label} database per call: ${describeStatementCounts(statementsBefore, after, total)}`);
  }
  if (onlyPid !== undefined && byThreadBefore) {
    console.log(`  ${target.label} cpu ms/call by thread: ${describeThreadCpu(onlyPid, byThreadBefore, cpuByThread(onlyPid), total)}`);
  }
  const perCall = (pick: (times: CpuTimes) => number) =>
    cpuBefore === undefined || cpuAfter === undefined ? undefined : (pick(cpuAfter) - pick(cpuBefore)) / total;
  return {
    ...summarise(target.label, rate, total, latencies, Math.max(1, lastArrival - startedAt), duplicates),
    cpuMsPerCall: perCall((times) => times.processMs),
    mainThreadCpuMsPerCall: perCall((times) => times.mainThreadMs),
    untexted: [...sentAt.keys()].filter((caller) => !arrivals.has(caller)),
  };
}
