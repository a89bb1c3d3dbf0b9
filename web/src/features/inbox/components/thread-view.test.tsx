import { OWNER_REPLY_MAX_LENGTH } from "@rebound/contracts/domain";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { ALL_KINDS, thread } from "@/test/inbox";
import { renderWithProviders, stubFetch } from "@/test/render";
import { ThreadView } from "./thread-view";

// antd's TextArea (autoSize) measures itself with ResizeObserver, which jsdom lacks.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
} as unknown as typeof ResizeObserver;

type Route = (body: unknown) => { status: number; body?: unknown };

const OPTED_OUT_409 = "This caller opted out of texts (replied STOP). They must text START before you can reply.";

function stub(threadBody: unknown, extra: Record<string, Route> = {}) {
  return stubFetch({
    "GET /api/conversations/c1": () => ({ status: 200, body: threadBody }),
    "POST /api/conversations/c1/read": () => ({ status: 204 }),
    ...extra,
  });
}

const kinds = (container: HTMLElement) => Array.from(container.querySelectorAll("[data-kind]")).map((element) => element.getAttribute("data-kind"));

describe("inbox thread", () => {
  it("renders each kind of item on its side, with delivery words, the voicemail player and transcript, and marks the thread read", async () => {
    const calls = stub(thread(ALL_KINDS));
    await renderWithProviders(<ThreadView conversationId="c1" />);
    const items = await screen.findByTestId("thread-items");
    expect(screen.getByRole("heading", { name: "(415) 555-0123" })).toBeInTheDocument();
    expect(kinds(items)).toEqual([
      "missed_call",
      "auto_text",
      "reply_in",
      "voicemail",
      "voicemail",
      "reply_out",
      "reply_out",
      "reply_out",
      "opt_out",
      "opt_in",
    ]);

    const [missed, auto, replyIn, voicemail, deleted, sent, undelivered, queued, optOut, optIn] = Array.from(items.children) as HTMLElement[];
    expect(missed).toHaveClass("rb-thread__system");
    expect(missed).toHaveTextContent("Missed call");
    expect(within(missed!).getByText((_, element) => element?.tagName === "TIME")).toHaveAttribute("datetime", "2026-01-05T15:00:00Z");

    expect(auto).toHaveClass("rb-thread__item--business");
    expect(auto).toHaveTextContent("Automatic text");
    expect(auto).toHaveTextContent("Sorry we missed your call!");
    expect(within(auto!).getByTestId("delivery-status")).toHaveTextContent("Delivered");

    expect(replyIn).toHaveClass("rb-thread__item--caller");
    expect(replyIn).toHaveTextContent("Caller: Can you come Tuesday?");
    expect(within(replyIn!).queryByTestId("delivery-status")).toBeNull();

    expect(voicemail).toHaveClass("rb-thread__item--caller");
    expect(voicemail).toHaveTextContent("Voicemail (0:42)");
    const audio = voicemail!.querySelector("audio");
    expect(audio).toHaveAttribute("src", "/api/voicemails/v1/audio");
    expect(audio).toHaveAttribute("controls");
    expect(voicemail).toHaveTextContent("Hi, it's about the leak.");
    expect(deleted).toHaveTextContent("Recording deleted after 90 days");
    expect(deleted).toHaveTextContent("No transcript");
    expect(deleted!.querySelector("audio")).toBeNull();

    expect(sent).toHaveClass("rb-thread__item--business");
    expect(within(sent!).getByTestId("delivery-status")).toHaveTextContent("Sent");
    const failed = within(undelivered!).getByTestId("delivery-status");
    expect(failed).toHaveTextContent("Not delivered");
    expect(failed).toHaveClass("rb-thread__status--failed");
    expect(within(queued!).getByTestId("delivery-status")).toHaveTextContent("Queued");
    expect(optOut).toHaveTextContent("Caller replied STOP");
    expect(optIn).toHaveTextContent("Caller replied START");

    await waitFor(() => expect(calls.some((call) => call.method === "POST" && call.path === "/api/conversations/c1/read")).toBe(true));
    expect(calls.filter((call) => call.path === "/api/conversations/c1/read")).toHaveLength(1);
    // Not opted out: the reply box is on.
    expect(screen.getByLabelText("Your reply")).toBeEnabled();
    expect(screen.queryByTestId("opted-out-notice")).toBeNull();
  });

  it("given an opted-out caller, then the notice says so and the reply box is off", async () => {
    stub(thread(ALL_KINDS.slice(0, 3), { optedOut: true }));
    await renderWithProviders(<ThreadView conversationId="c1" />);
    expect(await screen.findByTestId("opted-out-notice")).toHaveTextContent("This caller replied STOP");
    expect(screen.getByLabelText("Your reply")).toBeDisabled();
    expect(screen.getByRole("button", { name: /Send/ })).toBeDisabled();
  });

  it("validates the reply with the contracts' rules (empty, too long), counts its segments, and shows the server's 409 message", async () => {
    const calls = stub(thread(ALL_KINDS.slice(0, 3)), {
      "POST /api/conversations/c1/messages": () => ({ status: 409, body: { message: OPTED_OUT_409 } }),
    });
    const user = userEvent.setup();
    await renderWithProviders(<ThreadView conversationId="c1" />);
    const box = await screen.findByLabelText("Your reply");

    await user.click(screen.getByRole("button", { name: /Send/ }));
    expect(await screen.findByText("Message is required")).toBeInTheDocument();
    expect(box).toHaveAttribute("aria-invalid", "true");

    fireEvent.change(box, { target: { value: "a".repeat(OWNER_REPLY_MAX_LENGTH + 1) } });
    await user.click(screen.getByRole("button", { name: /Send/ }));
    expect(await screen.findByText(`Message must be at most ${OWNER_REPLY_MAX_LENGTH} characters`)).toBeInTheDocument();
    expect(screen.getByTestId("segment-count")).toHaveTextContent(`${OWNER_REPLY_MAX_LENGTH + 1} characters · 11 segments (GSM-7)`);
    expect(calls.some((call) => call.path === "/api/conversations/c1/messages")).toBe(false);

    fireEvent.change(box, { target: { value: "" } });
    await user.type(box, "  On my way  ");
    expect(screen.getByTestId("segment-count")).toHaveTextContent("13 characters · 1 segment (GSM-7)");
    await user.click(screen.getByRole("button", { name: /Send/ }));
    expect(await screen.findByTestId("reply-error")).toHaveTextContent(OPTED_OUT_409);
    expect(calls.find((call) => call.path === "/api/conversations/c1/messages")?.body).toEqual({ body: "On my way" });
    // The text stays for another try.
    expect(box).toHaveValue("  On my way  ");
  });

  it("given a 402, then the server's message shows; given a 201, then the reply joins the thread and the box empties", async () => {
    let answer: { status: number; body: unknown } = { status: 402, body: { message: "Your subscription is not active." } };
    stub(thread(ALL_KINDS.slice(0, 3)), { "POST /api/conversations/c1/messages": () => answer });
    const user = userEvent.setup();
    await renderWithProviders(<ThreadView conversationId="c1" />);
    const box = await screen.findByLabelText("Your reply");
    await user.type(box, "Hello");
    await user.click(screen.getByRole("button", { name: /Send/ }));
    expect(await screen.findByTestId("reply-error")).toHaveTextContent("Your subscription is not active.");

    answer = { status: 201, body: { item: { id: "new", kind: "reply_out", at: "2026-01-05T15:10:00Z", body: "Hello", status: "queued" } } };
    await user.click(screen.getByRole("button", { name: /Send/ }));
    await waitFor(() => expect(box).toHaveValue(""));
    expect(screen.queryByTestId("reply-error")).toBeNull();
  });

  it("saves the outcome: Not a lead, Booked with a value in dollars as cents, then cleared", async () => {
    // The server keeps what it is given: the thread read again after each save shows it.
    let stored = thread(ALL_KINDS.slice(0, 3));
    const calls = stubFetch({
      "GET /api/conversations/c1": () => ({ status: 200, body: stored }),
      "POST /api/conversations/c1/read": () => ({ status: 204 }),
      "PUT /api/conversations/c1/outcome": (body) => {
        const input = body as { outcome: "booked" | null; valueCents?: number };
        stored = { ...stored, outcome: input.outcome, valueCents: input.valueCents ?? null };
        return { status: 200, body: {} };
      },
    });
    const user = userEvent.setup();
    await renderWithProviders(<ThreadView conversationId="c1" />);
    const picker = await screen.findByTestId("outcome-picker");
    const puts = () => calls.filter((call) => call.method === "PUT").map((call) => call.body);

    // antd's radio buttons are clicked on their label (the input itself takes no pointer events).
    expect(within(picker).getByRole("radio", { name: "Not a lead" })).not.toBeChecked();
    await user.click(within(picker).getByText("Not a lead"));
    await waitFor(() => expect(puts()).toEqual([{ outcome: "not_a_lead" }]));

    expect(within(picker).getByRole("radio", { name: "Not a lead" })).toBeChecked();
    await user.click(within(picker).getByText("Booked"));
    await waitFor(() => expect(puts()).toHaveLength(2));
    expect(puts()[1]).toEqual({ outcome: "booked" });
    const value = await within(picker).findByLabelText(/Booked value/);
    await user.type(value, "twelve");
    await user.click(within(picker).getByRole("button", { name: "Save value" }));
    expect(await within(picker).findByText("Enter an amount in dollars, like 250 or 249.99")).toBeInTheDocument();
    await user.clear(value);
    await user.type(value, "1,249.50");
    await user.click(within(picker).getByRole("button", { name: "Save value" }));
    await waitFor(() => expect(puts()).toHaveLength(3));
    expect(puts()[2]).toEqual({ outcome: "booked", valueCents: 124_950 });
    // Confirmed beside the button, not in a toast over the thread's newest messages.
    await waitFor(() => expect(within(picker).getByRole("status")).toHaveTextContent("Value saved"));
    expect(screen.queryByTestId("toast")).toBeNull();

    await user.click(within(picker).getByRole("button", { name: "Clear" }));
    await waitFor(() => expect(puts()).toHaveLength(4));
    expect(puts()[3]).toEqual({ outcome: null });
  });

  it("given another owner's id (404), then it says the conversation was not found", async () => {
    stubFetch({});
    await renderWithProviders(<ThreadView conversationId="c1" />);
    expect(await screen.findByTestId("thread-missing")).toHaveTextContent("Conversation not found");
    expect(screen.getByRole("link", { name: /Conversations/ })).toHaveAttribute("href", "/app/inbox");
  });
});
