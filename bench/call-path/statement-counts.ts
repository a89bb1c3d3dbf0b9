import { readFile } from "node:fs/promises";
import { setTimeout as sleep } from "node:timers/promises";
import type { StatementCountsFile } from "@rebound/platform";

/** The PGlite thread rewrites its tally twice a second: wait for the last one to land. */
const FLUSHED_AFTER_MS = 600;

export async function readStatementCounts(path: string): Promise<StatementCountsFile> {
  await sleep(FLUSHED_AFTER_MS);
  try {
    return JSON.parse(await readFile(path, "utf8")) as StatementCountsFile;
  } catch {
    return { roundTrips: 0, statements: {} };
  }
}

/** "11.2 round trips, 9.1 statements (BEGIN 1.5, COMMIT 1.5); top: 1.0 INSERT INTO ..." per call. */
export function describeStatementCounts(before: StatementCountsFile, after: StatementCountsFile, calls: number): string {
  const perCall = Object.entries(after.statements)
    .map(([text, count]) => [text, (count - (before.statements[text] ?? 0)) / calls] as const)
    .filter(([, count]) => count > 0)
    .sort((a, b) => b[1] - a[1]);
  const statements = perCall.reduce((sum, [, count]) => sum + count, 0);
  const of = (text: string) => (perCall.find(([key]) => key === text)?.[1] ?? 0).toFixed(2);
  const top = perCall
    .filter(([text]) => text !== "BEGIN" && text !== "COMMIT")
    .slice(0, 12)
    .map(([text, count]) => `\n      ${count.toFixed(2)}  ${text.slice(0, 150)}`)
    .join("");
  return `${((after.roundTrips - before.roundTrips) / calls).toFixed(2)} round trips, ${statements.toFixed(2)} statements (BEGIN ${of("BEGIN")}, COMMIT ${of("COMMIT")})${top}`;
}
