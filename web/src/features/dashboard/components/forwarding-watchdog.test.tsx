import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { signedInUser } from "@/test/billing";
import { CHECK_NEEDED, forwardingStatus, VERIFIED } from "@/test/forwarding";
import { renderWithProviders, stubFetch } from "@/test/render";
import { HowItWorksSection } from "./how-it-works-section";
import { SetupSection } from "./setup-section";
import { TestSection } from "./test-section";

// antd's Select measures its dropdown with ResizeObserver, which jsdom lacks.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
} as unknown as typeof ResizeObserver;

const BUSINESS = {
  id: "b1",
  businessName: "Sunrise Plumbing",
  businessPhone: "+15125550123",
  dedicatedTwilioNumber: "+15125550100",
  timeZone: "America/New_York",
  lastCallForwardingTestDate: null,
  lastCallForwardingTestStatus: null,
};

type Routes = Parameters<typeof stubFetch>[0];

function stub(status: () => { status: number; body?: unknown }, extra: Routes = {}, business: object = BUSINESS) {
  return stubFetch({
    "GET /api/business": () => ({ status: 200, body: business }),
    "GET /api/auth/user": () => ({ status: 200, body: signedInUser() }),
    "GET /api/texting-registration": () => ({ status: 404 }),
    "GET /api/forwarding/status": status,
    ...extra,
  });
}

const answer = (body: unknown) => () => ({ status: 200, body });

describe("forwarding watchdog: the dashboard card", () => {
  it("given check needed, then it says since when, why (the last call and the usual rate) and links to the Test screen", async () => {
    stub(answer(CHECK_NEEDED));
    await renderWithProviders(<HowItWorksSection />);
    const card = await screen.findByTestId("forwarding-card");
    expect(within(card).getByRole("heading", { level: 2 })).toHaveTextContent(/^Forwarding: check needed since Wed, Nov 25.* 11:00 AM( EST)?$/);
    expect(card).toHaveTextContent(/We haven't received a forwarded call since Tue, Nov 24.* 2:10 PM( EST)?; you usually get about 6 a day\./);
    expect(within(card).getByRole("link", { name: /Test forwarding now/ })).toHaveAttribute("href", "/app/test");
  });

  it("given verified, then it says so with the date; given a weekly test, then when it runs", async () => {
    stub(answer({ ...VERIFIED, selfTest: { enabled: true, weekday: "wednesday", time: "15:00" } }));
    await renderWithProviders(<HowItWorksSection />);
    const card = await screen.findByTestId("forwarding-card");
    expect(card).toHaveAttribute("data-status", "verified");
    expect(within(card).getByRole("heading", { level: 2 })).toHaveTextContent(/^Forwarding: verified Tue, Nov 24.* 2:10 PM( EST)?$/);
    expect(card).toHaveTextContent("Weekly test: Every Wednesday at 3:00 PM.");
    expect(within(card).getByRole("link", { name: /Go to Test/ })).toHaveAttribute("href", "/app/test");
  });

  it("given unknown, then a gentle nudge to run a test", async () => {
    stub(answer(forwardingStatus()));
    await renderWithProviders(<HowItWorksSection />);
    const card = await screen.findByTestId("forwarding-card");
    expect(card).toHaveTextContent("Forwarding: not confirmed yet");
    expect(card).toHaveTextContent("Run a forwarding test to confirm your setup.");
    expect(within(card).getByRole("link", { name: /Run a forwarding test/ })).toHaveAttribute("href", "/app/test");
  });

  it("given no Rebound number yet, then no card and no status request; given the status unavailable (404), then no card", async () => {
    const calls = stub(answer(CHECK_NEEDED), {}, { ...BUSINESS, dedicatedTwilioNumber: null });
    const { unmount } = await renderWithProviders(<HowItWorksSection />);
    await screen.findByRole("heading", { name: /^Welcome/ });
    await waitFor(() => expect(calls.some((call) => call.path === "/api/business")).toBe(true));
    expect(screen.queryByTestId("forwarding-card")).toBeNull();
    expect(calls.some((call) => call.path === "/api/forwarding/status")).toBe(false);
    unmount();
    stub(() => ({ status: 404 }));
    await renderWithProviders(<HowItWorksSection />);
    await screen.findByRole("heading", { name: /^Welcome/ });
    await waitFor(() => expect(screen.queryByLabelText("Forwarding status")).toBeNull());
    expect(screen.queryByTestId("forwarding-card")).toBeNull();
  });

  it("given the status fails to load, then it says so with a retry", async () => {
    stub(() => ({ status: 500, body: { message: "boom" } }));
    await renderWithProviders(<HowItWorksSection />);
    expect(await screen.findByText("We couldn't load your forwarding status")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Try again" })).toBeInTheDocument();
  });
});

describe("forwarding watchdog: Setup and Test show the status", () => {
  it("given verified, then Setup shows 'Forwarding: verified <date>' by the Rebound number", async () => {
    stub(answer(VERIFIED));
    await renderWithProviders(<SetupSection />);
    const line = await screen.findByTestId("forwarding-status");
    expect(line).toHaveTextContent(/^Forwarding: verified Tue, Nov 24.* 2:10 PM( EST)?$/);
    expect(line).toHaveAttribute("data-status", "verified");
  });

  it("given check needed, then Test shows 'Forwarding: check needed since <date>'", async () => {
    stub(answer(CHECK_NEEDED));
    await renderWithProviders(<TestSection />);
    expect(await screen.findByTestId("forwarding-status")).toHaveTextContent(/^Forwarding: check needed since Wed, Nov 25.* 11:00 AM( EST)?$/);
  });

  it("while the status loads, then it says it is checking", async () => {
    stub(answer(VERIFIED));
    const answered = globalThis.fetch;
    globalThis.fetch = ((input: RequestInfo | URL, init?: RequestInit) =>
      String(input) === "/api/forwarding/status" ? new Promise<Response>(() => undefined) : answered(input, init)) as typeof fetch;
    await renderWithProviders(<TestSection />);
    expect(await screen.findByTestId("forwarding-status-loading")).toHaveTextContent("Checking your forwarding...");
    expect(screen.getByTestId("forwarding-status-loading")).toHaveAttribute("aria-busy", "true");
  });

  it("given the status fails to load, then a retry that loads it", async () => {
    let fail = true;
    stub(() => (fail ? { status: 500, body: { message: "boom" } } : { status: 200, body: VERIFIED }));
    await renderWithProviders(<SetupSection />);
    const line = await screen.findByTestId("forwarding-status");
    expect(line).toHaveTextContent("We couldn't load your forwarding status.");
    fail = false;
    await userEvent.click(within(line).getByRole("button", { name: "Try again" }));
    await waitFor(() => expect(screen.getByTestId("forwarding-status")).toHaveTextContent(/Forwarding: verified/));
  });

  it("when a forwarding test completes, then the status is fetched again and shows the new state", async () => {
    let current = forwardingStatus();
    const calls = stub(() => ({ status: 200, body: current }), {
      "POST /api/test/call-forwarding": () => {
        current = forwardingStatus({ status: "verified", lastTestAt: "2026-11-24T19:10:00Z", lastTestResult: "success" });
        return { status: 200, body: { success: true, message: "Success", interpretation: "Your setup is working correctly!" } };
      },
    });
    await renderWithProviders(<TestSection />);
    expect(await screen.findByTestId("forwarding-status")).toHaveTextContent("Forwarding: not confirmed yet");
    await userEvent.type(screen.getByLabelText("Your business phone number"), "+15125550123");
    await userEvent.click(screen.getByRole("button", { name: "Start Test" }));
    await waitFor(() => expect(screen.getByTestId("forwarding-status")).toHaveTextContent(/^Forwarding: verified Tue, Nov 24.* 2:10 PM( EST)?$/));
    const statusFetches = calls.filter((call) => call.path === "/api/forwarding/status");
    expect(statusFetches.length).toBeGreaterThanOrEqual(2);
  });
});
