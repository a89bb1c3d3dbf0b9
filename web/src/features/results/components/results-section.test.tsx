import { screen, waitFor } from "@testing-library/react";
import { billingAnswer, signedInUser } from "@/test/billing";
import { CHECK_NEEDED, VERIFIED } from "@/test/forwarding";
import { renderWithProviders, stubFetch } from "@/test/render";
import { ResultsSection } from "./results-section";

const stats = { stats: { totalCalls: 3, missedCalls: 3, totalSms: 0 }, recentCalls: [], recentSms: [] };
const figures = { calls: 3, missed: 3, texted: 0, delivered: 0, replies: 0 };
const summary = (noSubscription: number) => ({
  range: { from: "2026-01-01", to: "2026-01-30", timeZone: "America/New_York" },
  totals: figures,
  daily: [{ date: "2026-01-30", ...figures }],
  textBack: {
    rate: 0,
    missed: 3,
    texted: 0,
    notTexted: { suppressed: noSubscription ? { no_subscription: noSubscription } : {}, noCallerId: 0, failed: 0, pending: 0 },
  },
  secondsToSent: { count: 0, medianSeconds: null, p95Seconds: null },
  secondsToDelivered: { count: 0, medianSeconds: null, p95Seconds: null },
  callersWhoReplied: 0,
  callersTexted: 0,
  replyRate: null as number | null,
  secondsToOwnerReply: { count: 0, medianSeconds: null as number | null, p95Seconds: null as number | null },
  booked: { count: 0, valueCents: 0 },
  revenue: { estimated: 0, averageClientValue: 500, closeRatePercent: 30, usesDefaults: true },
});

function stub(noSubscription: number, billing: ReturnType<typeof billingAnswer>) {
  return stubFetch({
    "GET /api/analytics/stats": () => ({ status: 200, body: stats }),
    "GET /api/analytics/summary": () => ({ status: 200, body: summary(noSubscription) }),
    "GET /api/billing": () => ({ status: 200, body: billing }),
    "GET /api/auth/user": () => ({ status: 200, body: signedInUser() }),
    "GET /api/business": () => ({ status: 200, body: { id: "b1", averageClientValue: 500, closeRate: 30 } }),
  });
}

describe("your results: calls not texted for want of a subscription", () => {
  beforeEach(() => {
    document.cookie = "rebound.signed-in=1; path=/";
  });
  afterEach(() => {
    document.cookie = "rebound.signed-in=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/";
  });

  it("given 3 such calls and still no subscription, then it counts them with the button to checkout", async () => {
    stub(3, billingAnswer(null));
    await renderWithProviders(<ResultsSection />);
    const notice = await screen.findByTestId("results-no-subscription", {}, { timeout: 5000 });
    expect(notice).toHaveTextContent("3 missed calls were not texted back because your account has no active subscription.");
    expect(screen.getByRole("link", { name: "Choose a Plan" })).toHaveAttribute("href", "/checkout/professional/monthly");
  }, 30_000);

  it("given such calls but a subscription in good standing now, then it tells them as history without the button", async () => {
    stub(2, billingAnswer("trialing"));
    await renderWithProviders(<ResultsSection />);
    expect(await screen.findByTestId("results-no-subscription", {}, { timeout: 5000 })).toHaveTextContent(
      "2 missed calls in these 30 days were not texted back: your account had no active subscription then.",
    );
    expect(screen.queryByRole("link", { name: "Choose a Plan" })).toBeNull();
  });

  it("given none, then no notice", async () => {
    stub(0, billingAnswer(null));
    await renderWithProviders(<ResultsSection />);
    await screen.findByTestId("stat-text-back-rate", {}, { timeout: 5000 });
    await waitFor(() => expect(screen.queryByTestId("results-no-subscription")).toBeNull());
  });
});

describe("your results: texting registration", () => {
  beforeEach(() => {
    document.cookie = "rebound.signed-in=1; path=/";
  });
  afterEach(() => {
    document.cookie = "rebound.signed-in=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/";
  });

  it("given calls waiting for texting approval and a text blocked for registration, then it counts them with a link to the card and the text says why", async () => {
    const waiting = summary(0);
    waiting.textBack.notTexted.suppressed = { registration_pending: 2 } as never;
    stubFetch({
      "GET /api/analytics/stats": () => ({
        status: 200,
        body: {
          ...stats,
          recentSms: [
            {
              id: "s1",
              number: "+12025550147",
              message: "Sorry we missed your call",
              time: "2026-01-30T15:00:00Z",
              status: "failed",
              errorCode: "30034",
              errorDescription: "Blocked by the carrier: texting registration",
            },
          ],
        },
      }),
      "GET /api/analytics/summary": () => ({ status: 200, body: waiting }),
      "GET /api/billing": () => ({ status: 200, body: billingAnswer("trialing") }),
      "GET /api/auth/user": () => ({ status: 200, body: signedInUser() }),
      "GET /api/business": () => ({ status: 200, body: { id: "b1", averageClientValue: 500, closeRate: 30 } }),
    });
    await renderWithProviders(<ResultsSection />);
    const notice = await screen.findByTestId("results-registration-pending", {}, { timeout: 5000 });
    expect(notice).toHaveTextContent("2 missed calls were not texted back: waiting for texting approval.");
    expect(screen.getByRole("link", { name: "Texting registration" })).toHaveAttribute("href", "/app/setup#texting-registration");
    expect(await screen.findByTestId("sms-status")).toHaveTextContent("Blocked by the carrier: texting registration");
    expect(screen.getByRole("link", { name: "Finish registration" })).toHaveAttribute("href", "/app/setup#texting-registration");
  }, 30_000);
});

describe("your results: conversations", () => {
  beforeEach(() => {
    document.cookie = "rebound.signed-in=1; path=/";
  });
  afterEach(() => {
    document.cookie = "rebound.signed-in=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/";
  });

  function stubSummary(body: ReturnType<typeof summary>) {
    stubFetch({
      "GET /api/analytics/stats": () => ({ status: 200, body: stats }),
      "GET /api/analytics/summary": () => ({ status: 200, body }),
      "GET /api/billing": () => ({ status: 200, body: billingAnswer("trialing") }),
      "GET /api/auth/user": () => ({ status: 200, body: signedInUser() }),
      "GET /api/business": () => ({ status: 200, body: { id: "b1", averageClientValue: 500, closeRate: 30 } }),
    });
  }

  it("given callers who replied, your answers and conversations marked booked, then the reply rate, your median reply time and the booked value, measured beside the estimate", async () => {
    stubSummary({
      ...summary(0),
      callersWhoReplied: 3,
      callersTexted: 4,
      replyRate: 0.75,
      secondsToOwnerReply: { count: 2, medianSeconds: 360, p95Seconds: 600 },
      booked: { count: 2, valueCents: 65_000 },
    });
    await renderWithProviders(<ResultsSection />);
    expect(await screen.findByTestId("stat-reply-rate", {}, { timeout: 5000 })).toHaveTextContent("75%");
    expect(screen.getByText("Callers who replied")).toBeInTheDocument();
    expect(screen.getByText("3 of 4 callers texted")).toBeInTheDocument();
    expect(screen.getByText("Your median reply time")).toBeInTheDocument();
    expect(screen.getByTestId("stat-owner-reply-time")).toHaveTextContent("6 min");
    expect(screen.getByText("Booked from conversations")).toBeInTheDocument();
    expect(screen.getByTestId("stat-booked")).toHaveTextContent("$650");
    expect(screen.getByText("Measured: 2 conversations you marked booked")).toBeInTheDocument();
    expect(screen.getByTestId("revenue-booked")).toHaveTextContent("Measured: $650 booked from 2 conversations you marked.");
    expect(screen.getByText("Estimated revenue recovered")).toBeInTheDocument();
    expect(screen.queryByTestId("conversations-empty")).toBeNull();
  }, 30_000);

  it("given no callers texted, no answers and nothing booked, then an empty state instead of the cards, and the estimate alone", async () => {
    stubSummary(summary(0));
    await renderWithProviders(<ResultsSection />);
    expect(await screen.findByTestId("conversations-empty", {}, { timeout: 5000 })).toHaveTextContent("No conversations yet.");
    expect(screen.queryByTestId("stat-reply-rate")).toBeNull();
    expect(screen.queryByTestId("revenue-booked")).toBeNull();
  }, 30_000);
});

describe("your results: forwarding gone quiet (issue 28)", () => {
  beforeEach(() => {
    document.cookie = "rebound.signed-in=1; path=/";
  });
  afterEach(() => {
    document.cookie = "rebound.signed-in=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/";
  });

  const week = ["2026-11-20", "2026-11-21", "2026-11-22", "2026-11-23", "2026-11-24", "2026-11-25", "2026-11-26"];
  function stubWith(status: unknown) {
    const body = { ...summary(0), range: { from: week[0], to: week[6], timeZone: "America/New_York" }, daily: week.map((date) => ({ date, ...figures })) };
    return stubFetch({
      "GET /api/analytics/stats": () => ({ status: 200, body: stats }),
      "GET /api/analytics/summary": () => ({ status: 200, body }),
      "GET /api/billing": () => ({ status: 200, body: billingAnswer("trialing") }),
      "GET /api/auth/user": () => ({ status: 200, body: signedInUser() }),
      "GET /api/business": () => ({ status: 200, body: { id: "b1", averageClientValue: 500, closeRate: 30 } }),
      "GET /api/forwarding/status": () => ({ status: 200, body: status }),
    });
  }

  it("given check needed, then the chart's silent days are named under it: no forwarded calls since the last one, with the way to Test", async () => {
    stubWith(CHECK_NEEDED);
    await renderWithProviders(<ResultsSection />);
    const note = await screen.findByTestId("chart-silent-note", {}, { timeout: 5000 });
    expect(note).toHaveTextContent(/No forwarded calls since Tue, Nov 24.* 2:10 PM( EST)?: the shaded days may be calls your phone stopped forwarding\./);
    expect(screen.getByRole("link", { name: "Test your forwarding" })).toHaveAttribute("href", "/app/test");
  }, 30_000);

  it("given verified, then nothing is marked", async () => {
    const calls = stubWith(VERIFIED);
    await renderWithProviders(<ResultsSection />);
    await screen.findByTestId("stat-text-back-rate", {}, { timeout: 5000 });
    await waitFor(() => expect(calls.some((call) => call.path === "/api/forwarding/status")).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    await waitFor(() => expect(screen.queryByTestId("chart-silent-note")).toBeNull());
  }, 30_000);
});
