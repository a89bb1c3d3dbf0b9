import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { forwardingStatus } from "@/test/forwarding";
import { renderWithProviders, stubFetch } from "@/test/render";
import { SelfTestCard } from "./self-test-form";

// antd's Select measures its dropdown with ResizeObserver, which jsdom lacks.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
} as unknown as typeof ResizeObserver;

const choose = async (label: string, option: string) => {
  fireEvent.mouseDown(screen.getByLabelText(label));
  const options = await screen.findAllByTitle(option);
  fireEvent.click(options[options.length - 1]!);
};

describe("weekly forwarding self-test", () => {
  it("given it is off, then the switch is off and the day and time wait for it", async () => {
    stubFetch({ "GET /api/forwarding/status": () => ({ status: 200, body: forwardingStatus() }) });
    await renderWithProviders(<SelfTestCard timeZone="America/Chicago" />);
    const toggle = await screen.findByRole("switch", { name: "Test my forwarding every week" });
    expect(toggle).not.toBeChecked();
    expect(screen.getByLabelText("Day")).toBeDisabled();
    expect(screen.getByLabelText("Time")).toBeDisabled();
    expect(screen.getByLabelText("Time")).toHaveValue("10:00");
    expect(screen.getByText("Inside your business hours, Chicago time.")).toBeInTheDocument();
  });

  it("when switched on with a day and time and saved, then it PUTs them and confirms", async () => {
    const calls = stubFetch({
      "GET /api/forwarding/status": () => ({ status: 200, body: forwardingStatus() }),
      "PUT /api/forwarding/self-test": (body) => ({ status: 200, body: forwardingStatus({ selfTest: body as never }) }),
    });
    await renderWithProviders(<SelfTestCard timeZone="America/New_York" />);
    await userEvent.click(await screen.findByRole("switch", { name: "Test my forwarding every week" }));
    await choose("Day", "Thursday");
    fireEvent.change(screen.getByLabelText("Time"), { target: { value: "14:30" } });
    await userEvent.click(screen.getByRole("button", { name: "Save Weekly Test" }));
    await waitFor(() => expect(calls.some((call) => call.method === "PUT")).toBe(true));
    expect(calls.find((call) => call.method === "PUT")).toEqual({
      method: "PUT",
      path: "/api/forwarding/self-test",
      body: { enabled: true, weekday: "thursday", time: "14:30" },
    });
    const toast = await screen.findByText("Weekly test saved");
    expect(toast.parentElement).toHaveTextContent("Every Thursday at 2:30 PM, we'll check that your missed calls still reach Rebound.");
  });

  it("given the server refuses the time (400), then its message shows on the form", async () => {
    stubFetch({
      "GET /api/forwarding/status": () => ({ status: 200, body: forwardingStatus({ selfTest: { enabled: true, weekday: "sunday", time: "23:00" } }) }),
      "PUT /api/forwarding/self-test": () => ({ status: 400, body: { message: "Choose a time inside your business hours" } }),
    });
    await renderWithProviders(<SelfTestCard />);
    await userEvent.click(await screen.findByRole("button", { name: "Save Weekly Test" }));
    const form = screen.getByRole("form", { name: "Weekly forwarding test" });
    expect(await within(form).findByRole("alert")).toHaveTextContent("Choose a time inside your business hours");
  });

  it("given a 400 naming the field, then the message shows on that field", async () => {
    stubFetch({
      "GET /api/forwarding/status": () => ({ status: 200, body: forwardingStatus({ selfTest: { enabled: true, weekday: "sunday", time: "23:00" } }) }),
      "PUT /api/forwarding/self-test": () => ({
        status: 400,
        body: { message: "Validation failed", errors: [{ field: "time", message: "Choose a time inside your business hours" }] },
      }),
    });
    await renderWithProviders(<SelfTestCard />);
    await userEvent.click(await screen.findByRole("button", { name: "Save Weekly Test" }));
    await waitFor(() => expect(screen.getByLabelText("Time")).toHaveAttribute("aria-invalid", "true"));
    expect(screen.getByText("Choose a time inside your business hours")).toBeInTheDocument();
  });

  it("given an empty time, then it asks for one and sends nothing", async () => {
    const calls = stubFetch({
      "GET /api/forwarding/status": () => ({ status: 200, body: forwardingStatus({ selfTest: { enabled: true, weekday: "monday", time: "09:00" } }) }),
    });
    await renderWithProviders(<SelfTestCard />);
    fireEvent.change(await screen.findByLabelText("Time"), { target: { value: "" } });
    await userEvent.click(screen.getByRole("button", { name: "Save Weekly Test" }));
    expect(await screen.findByText("Enter a time such as 10:00")).toBeInTheDocument();
    expect(calls.some((call) => call.method === "PUT")).toBe(false);
  });

  it("given the status fails to load, then a retry; given telephony without it (404), then nothing", async () => {
    stubFetch({ "GET /api/forwarding/status": () => ({ status: 500 }) });
    const { unmount } = await renderWithProviders(<SelfTestCard />);
    expect(await screen.findByText("We couldn't load your weekly test settings")).toBeInTheDocument();
    unmount();
    const calls = stubFetch({});
    const { container } = await renderWithProviders(<SelfTestCard />);
    await waitFor(() => expect(calls.some((call) => call.path === "/api/forwarding/status")).toBe(true));
    await waitFor(() => expect(container.querySelector("[aria-busy]")).toBeNull());
    expect(screen.queryByTestId("self-test-card")).toBeNull();
  });
});
