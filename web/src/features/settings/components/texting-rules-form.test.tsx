import { DEFAULT_WEEKLY_HOURS } from "@rebound/contracts/domain";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { Business } from "@/shared/business/get-business";
import { renderWithProviders, stubFetch } from "@/test/render";
import { TextingRulesForm } from "./texting-rules-form";

const business = {
  id: "b1",
  smsMessage: "Thanks for calling!",
  afterHoursMessage: "We're closed.",
  afterHoursEnabled: true,
  smsAutoReplyEnabled: false,
  smsAutoReplyMessage: "",
  timeZone: "America/New_York",
  businessHours: DEFAULT_WEEKLY_HOURS,
  isActive: true,
  ownerAlertsEnabled: true,
  duplicateWindowHours: 24,
  doNotTextNumbers: [],
} as unknown as Business;

describe("texting rules: forwarding alerts", () => {
  it("given an API without the setting, then the switch is on, with its one-line explanation", async () => {
    stubFetch({});
    await renderWithProviders(<TextingRulesForm business={business} />);
    const toggle = screen.getByRole("switch", { name: "Forwarding alerts" });
    expect(toggle).toBeChecked();
    expect(toggle).toHaveAccessibleDescription("Email me when forwarding seems to have stopped: no forwarded calls for longer than usual while you're open.");
  });

  it("when switched off and saved, then forwardingAlertsEnabled false is sent with the other rules", async () => {
    const calls = stubFetch({ "POST /api/business": (body) => ({ status: 200, body: { ...business, ...(body as object) } }) });
    await renderWithProviders(<TextingRulesForm business={{ ...business, forwardingAlertsEnabled: true }} />);
    await userEvent.click(screen.getByRole("switch", { name: "Forwarding alerts" }));
    await userEvent.click(screen.getByRole("button", { name: "Save Texting Rules" }));
    await waitFor(() => expect(calls.some((call) => call.method === "POST")).toBe(true));
    expect(calls.find((call) => call.method === "POST")?.body).toMatchObject({
      forwardingAlertsEnabled: false,
      ownerAlertsEnabled: true,
      duplicateWindowHours: 24,
    });
    expect(await screen.findByText("Settings Saved")).toBeInTheDocument();
  });

  it("given it stored off, then the switch is off", async () => {
    stubFetch({});
    await renderWithProviders(<TextingRulesForm business={{ ...business, forwardingAlertsEnabled: false }} />);
    expect(screen.getByRole("switch", { name: "Forwarding alerts" })).not.toBeChecked();
  });
});
