import { describeBurst, numbersForBurst, runSignupBurst } from "./signup-burst";
import { OwnerClient, startTestStandalone } from "./standalone-harness";

// Issue 16: a burst of sign-ups, each followed at once by GET /api/business and a number purchase,
// through the composed gateway; every one succeeds. SIGNUP_BURST=<n> sets the size (the bench,
// bench/signup-burst, runs 200).
jest.setTimeout(300_000);

const COUNT = Number(process.env.SIGNUP_BURST ?? 60);

describe("sign-up burst (issue 16)", () => {
  let app: Awaited<ReturnType<typeof startTestStandalone>>;
  let numbers: string[];

  beforeAll(async () => {
    app = await startTestStandalone();
    const searcher = new OwnerClient(app.url);
    await searcher.signUp("burst-searcher@example.com");
    numbers = await numbersForBurst(searcher, COUNT);
  });
  afterAll(async () => {
    await app?.stop();
  });

  it(`${COUNT} sign-ups at once, each then GET /api/business and a purchase: all succeed`, async () => {
    const summary = await runSignupBurst(app.url, numbers, "jest");
    console.log(describeBurst(summary));
    expect(summary.failures).toEqual([]);
    expect(summary.results.map((result) => [result.register, result.business, result.purchase])).toEqual(numbers.map(() => [201, 200, 201]));
    // every owner got the number they bought, and no number went to two owners
    const owners = await app.runtime.database.query<{ n: number }>(
      `SELECT count(DISTINCT business_id)::int AS n FROM telephony.phone_numbers WHERE phone_number = ANY($1::text[])`,
      [numbers],
    );
    expect(owners[0]?.n).toBe(COUNT);
  });
});
