import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { sampleBusiness } from "@/test/business";
import { renderWithProviders, stubFetch } from "@/test/render";
import { addClosedDate, closedDateLabel, MAX_CLOSED_DATES, todayIn } from "../lib/closed-dates";
import { BusinessForm } from "./business-form";
import ClosedDatesEditor from "./closed-dates-editor";

// antd's pickers measure their popup with ResizeObserver, which jsdom lacks.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
} as unknown as typeof ResizeObserver;

function Harness({ initial, onChange }: { initial: string[]; onChange?: (dates: string[]) => void }) {
  const [dates, setDates] = useState(initial);
  return (
    <ClosedDatesEditor
      value={dates}
      onChange={(next) => {
        setDates(next);
        onChange?.(next);
      }}
      timeZone="America/New_York"
    />
  );
}

describe("holidays (closed dates)", () => {
  it("adds a day sorted, refuses a repeat, a non-date and more than the limit", () => {
    expect(addClosedDate(["2099-12-31"], "2099-12-25")).toEqual({ dates: ["2099-12-25", "2099-12-31"] });
    expect(addClosedDate(["2099-12-25"], "2099-12-25")).toEqual({ error: "That day is already on the list" });
    expect(addClosedDate([], "2099-02-30")).toEqual({ error: "Pick a date from the calendar" });
    const full = Array.from({ length: MAX_CLOSED_DATES }, (_, index) => `2099-01-01:${index}`);
    expect(addClosedDate(full, "2099-12-25")).toEqual({ error: `At most ${MAX_CLOSED_DATES} closed days` });
    expect(closedDateLabel("2026-12-25")).toBe("Fri, Dec 25, 2026");
    expect(todayIn("America/New_York", new Date("2026-11-27T03:00:00Z"))).toBe("2026-11-26");
  });

  it("lists the days with a remove button each; removing one takes it off", async () => {
    stubFetch({});
    const changes: string[][] = [];
    await renderWithProviders(<Harness initial={["2099-12-25", "2100-01-01"]} onChange={(dates) => changes.push(dates)} />);
    const list = screen.getByRole("list", { name: "Days you're closed" });
    expect(
      within(list)
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual(["Fri, Dec 25, 2099", "Fri, Jan 1, 2100"]);
    await userEvent.click(screen.getByRole("button", { name: "Remove Fri, Dec 25, 2099" }));
    expect(changes.at(-1)).toEqual(["2100-01-01"]);
    await userEvent.click(screen.getByRole("button", { name: "Remove Fri, Jan 1, 2100" }));
    expect(await screen.findByTestId("closed-dates-empty")).toHaveTextContent("No closed days yet.");
  });

  it("when a day is typed into the date picker, then it joins the list", async () => {
    stubFetch({});
    const changes: string[][] = [];
    await renderWithProviders(<Harness initial={[]} onChange={(dates) => changes.push(dates)} />);
    const picker = screen.getByLabelText("Add a day you're closed");
    await userEvent.click(picker);
    fireEvent.change(picker, { target: { value: "2099-12-25" } });
    fireEvent.keyDown(picker, { key: "Enter", code: "Enter", keyCode: 13 });
    await waitFor(() => expect(changes.at(-1)).toEqual(["2099-12-25"]));
    expect(screen.getByRole("list", { name: "Days you're closed" })).toHaveTextContent("Fri, Dec 25, 2099");
  });
});

describe("Configure: holidays saved with the business settings (POST /api/business)", () => {
  const business = sampleBusiness();
  const templates = { "GET /api/business/templates": () => ({ status: 200, body: { missedCall: [], afterHours: [] } }) };

  it("given stored holidays, then they are listed in the Holidays card; one removed and saved, then the rest are sent", async () => {
    const calls = stubFetch({ ...templates, "POST /api/business": (body) => ({ status: 200, body: { ...business, ...(body as object) } }) });
    await renderWithProviders(<BusinessForm business={{ ...business, closedDates: ["2100-01-01", "2099-12-25"] }} />);
    const card = screen.getByRole("region", { name: "Holidays" });
    await within(card).findByRole("list", { name: "Days you're closed" }, { timeout: 5000 });
    expect(
      within(card)
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual(["Fri, Dec 25, 2099", "Fri, Jan 1, 2100"]);
    await userEvent.click(within(card).getByRole("button", { name: "Remove Fri, Jan 1, 2100" }));
    await userEvent.click(screen.getByRole("button", { name: "Save Settings" }));
    await waitFor(() => expect(calls.some((call) => call.method === "POST")).toBe(true));
    expect((calls.find((call) => call.method === "POST")?.body as Record<string, unknown>).closedDates).toEqual(["2099-12-25"]);
  });

  it("given an API without holidays, then none are listed and [] is sent; business's 400 on closedDates shows by the list", async () => {
    const calls = stubFetch({
      ...templates,
      "POST /api/business": () => ({
        status: 400,
        body: { message: "Validation failed", errors: [{ field: "closedDates", message: "At most 100 closed dates are allowed" }] },
      }),
    });
    await renderWithProviders(<BusinessForm business={business} />);
    expect(await screen.findByTestId("closed-dates-empty", {}, { timeout: 5000 })).toHaveTextContent("No closed days yet.");
    await userEvent.click(screen.getByRole("button", { name: "Save Settings" }));
    await waitFor(() => expect(calls.some((call) => call.method === "POST")).toBe(true));
    expect((calls.find((call) => call.method === "POST")?.body as Record<string, unknown>).closedDates).toEqual([]);
    const card = screen.getByRole("region", { name: "Holidays" });
    expect(await within(card).findByRole("alert")).toHaveTextContent("At most 100 closed dates are allowed");
  });
});
