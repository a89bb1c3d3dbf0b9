import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { summary } from "@/test/inbox";
import { renderWithProviders, stubFetch } from "@/test/render";
import { ConversationList } from "./conversation-list";

const page = (conversations: ReturnType<typeof summary>[], nextCursor: string | null = null) => ({ status: 200, body: { conversations, nextCursor } });

describe("inbox conversation list", () => {
  it("given conversations, then it lists unread first with their counts, the opted-out badge, and links to each thread", async () => {
    stubFetch({
      "GET /api/conversations?filter=all": () =>
        page([
          summary({ id: "c-read", callerLabel: "(202) 555-0147", callerNumber: "+12025550147", preview: "Thanks!", lastActivityAt: "2026-01-05T16:00:00Z" }),
          summary({ id: "c-unread", preview: "Voicemail (0:42)", unreadCount: 2, lastActivityAt: "2026-01-05T15:00:00Z" }),
          summary({
            id: "c-stop",
            callerLabel: "(303) 555-0100",
            callerNumber: "+13035550100",
            preview: "STOP",
            optedOut: true,
            lastActivityAt: "2026-01-04T15:00:00Z",
          }),
        ]),
    });
    await renderWithProviders(<ConversationList activeId="c-read" />);
    const rows = await screen.findAllByTestId("conversation-row");
    expect(rows.map((row) => row.getAttribute("href"))).toEqual(["/app/inbox/c-unread", "/app/inbox/c-read", "/app/inbox/c-stop"]);
    expect(rows[0]).toHaveTextContent("(415) 555-0123");
    expect(rows[0]).toHaveTextContent("Voicemail (0:42)");
    expect(within(rows[0]!).getByTestId("unread-count")).toHaveTextContent("2, 2 unread");
    expect(rows[1]).toHaveAttribute("aria-current", "page");
    expect(within(rows[1]!).queryByTestId("unread-count")).toBeNull();
    expect(rows[2]).toHaveTextContent("Opted out");
  });

  it("given no conversations, then it says what will show up here; the Unread tab asks the API for unread ones", async () => {
    const calls = stubFetch({
      "GET /api/conversations?filter=all": () => page([]),
      "GET /api/conversations?filter=unread": () => page([]),
    });
    const user = userEvent.setup();
    await renderWithProviders(<ConversationList />);
    const empty = await screen.findByTestId("inbox-empty");
    expect(empty).toHaveTextContent("No conversations yet");
    expect(empty).toHaveTextContent("When a missed caller texts back or leaves a voicemail, it shows up here.");
    await user.click(screen.getByRole("radio", { name: "Unread" }));
    expect(await screen.findByText("Nothing unread")).toBeInTheDocument();
    expect(calls.map((call) => call.path)).toContain("/api/conversations?filter=unread");
  });

  it("shows skeletons while loading, and the error with a retry when the list fails", async () => {
    let answer = { status: 500, body: { message: "boom" } as unknown };
    stubFetch({ "GET /api/conversations?filter=all": () => answer });
    const user = userEvent.setup();
    await renderWithProviders(<ConversationList />);
    expect(screen.getByTestId("inbox-loading")).toBeInTheDocument();
    expect(await screen.findByText("We couldn't load your conversations")).toBeInTheDocument();
    answer = page([summary()]);
    await user.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findAllByTestId("conversation-row")).toHaveLength(1);
  });

  it("loads the next page with nextCursor, and searches the loaded conversations by number", async () => {
    const calls = stubFetch({
      "GET /api/conversations?filter=all": () => page([summary({ id: "a" })], "cursor-2"),
      "GET /api/conversations?filter=all&cursor=cursor-2": () =>
        page([summary({ id: "b", callerNumber: "+12025550147", callerLabel: "(202) 555-0147", lastActivityAt: "2026-01-01T10:00:00Z" })]),
    });
    const user = userEvent.setup();
    await renderWithProviders(<ConversationList />);
    expect(await screen.findAllByTestId("conversation-row")).toHaveLength(1);
    await user.type(screen.getByLabelText("Search by number"), "202");
    expect(await screen.findByText(/No conversations match .202. in the ones loaded so far/)).toBeInTheDocument();
    expect(screen.getByText("Searching the conversations loaded so far. Load more to search further back.")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Load more" }));
    const rows = await screen.findAllByTestId("conversation-row");
    expect(rows).toHaveLength(1);
    expect(rows[0]).toHaveTextContent("(202) 555-0147");
    expect(calls.map((call) => call.path)).toContain("/api/conversations?filter=all&cursor=cursor-2");
    expect(screen.queryByRole("button", { name: "Load more" })).toBeNull();
    await user.clear(screen.getByLabelText("Search by number"));
    expect(await screen.findAllByTestId("conversation-row")).toHaveLength(2);
  });
});
