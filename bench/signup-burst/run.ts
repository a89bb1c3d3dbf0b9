// Issue 16's load test at full size: N sign-ups at once (default 200) through the composed gateway
// (`npm start` as a fresh standalone on PGlite), each followed at once by GET /api/business and the
// purchase of a dedicated number. Prints the step timings; exits 1 if any step failed.
// Run: NODE_OPTIONS='--experimental-vm-modules --disable-warning=ExperimentalWarning' npx tsx bench/signup-burst/run.ts [count]
import { describeBurst, numbersForBurst, runSignupBurst } from "../../services/standalone/test/signup-burst";
import { OwnerClient, startTestStandalone } from "../../services/standalone/test/standalone-harness";

const COUNT = Number(process.argv[2] ?? 200);

async function main(): Promise<void> {
  const app = await startTestStandalone();
  try {
    const searcher = new OwnerClient(app.url);
    await searcher.signUp("burst-searcher@example.com");
    const numbers = await numbersForBurst(searcher, COUNT);
    const summary = await runSignupBurst(app.url, numbers, "bench");
    console.log(describeBurst(summary));
    for (const failure of summary.failures.slice(0, 10)) console.log("failed:", JSON.stringify(failure));
    if (summary.failures.length > 0) process.exitCode = 1;
  } finally {
    await app.stop();
  }
}

void main();
