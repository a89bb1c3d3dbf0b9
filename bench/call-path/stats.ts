/** Percentile of sorted numbers (nearest rank). */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank] as number;
}

export interface RunResult {
  label: string;
  rate: number;
  sent: number;
  texted: number;
  duplicates: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  /** Texts arriving at the carrier per second over the run. */
  throughput: number;
  /** CPU time (user + system) the target's process spent per call over the run, when known. */
  cpuMsPerCall?: number;
  /** The same for the process's main thread alone (the event loop serving HTTP). */
  mainThreadCpuMsPerCall?: number;
}

export function summarise(label: string, rate: number, sent: number, latencies: number[], durationMs: number, duplicates: number): RunResult {
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    label,
    rate,
    sent,
    texted: latencies.length,
    duplicates,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    max: sorted.at(-1) ?? Number.NaN,
    throughput: latencies.length / (durationMs / 1000),
  };
}

export function formatRow(result: RunResult): string {
  const ms = (value: number) => value.toFixed(1).padStart(7);
  return [
    result.label.padEnd(22),
    String(result.rate).padStart(5),
    `${result.texted}/${result.sent}`.padStart(10),
    String(result.duplicates).padStart(5),
    ms(result.p50),
    ms(result.p95),
    ms(result.p99),
    ms(result.max),
    result.throughput.toFixed(1).padStart(8),
    (result.cpuMsPerCall === undefined ? "n/a" : result.cpuMsPerCall.toFixed(2)).padStart(12),
    (result.mainThreadCpuMsPerCall === undefined ? "n/a" : result.mainThreadCpuMsPerCall.toFixed(2)).padStart(13),
  ].join(" ");
}

export const HEADER = [
  "target".padEnd(22),
  "rate/s".padStart(5),
  "texted".padStart(10),
  "dups".padStart(5),
  "p50 ms".padStart(7),
  "p95 ms".padStart(7),
  "p99 ms".padStart(7),
  "max ms".padStart(7),
  "sms/s".padStart(8),
  "cpu ms/call".padStart(12),
  "main ms/call".padStart(13),
].join(" ");
