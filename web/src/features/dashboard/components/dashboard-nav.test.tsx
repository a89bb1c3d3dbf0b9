import { screen } from "@testing-library/react";
import { summary } from "@/test/inbox";
import { renderWithProviders, stubFetch } from "@/test/render";
import { DashboardNav } from "./dashboard-nav";

describe("dashboard navigation", () => {
  it("lists the sections and the inbox, with the inbox's unread count", async () => {
    stubFetch({
      "GET /api/conversations?filter=unread": () => ({
        status: 200,
        body: { conversations: [summary({ unreadCount: 2 }), summary({ id: "c2", unreadCount: 3 })], nextCursor: null },
      }),
    });
    await renderWithProviders(<DashboardNav current="inbox" />);
    const inbox = screen.getByRole("link", { name: /Inbox/ });
    expect(inbox).toHaveAttribute("href", "/app/inbox");
    expect(inbox).toHaveAttribute("aria-current", "page");
    expect(await screen.findByTestId("inbox-unread-badge")).toHaveTextContent("5");
    expect(inbox).toHaveAccessibleName("Inbox, 5 unread");
    expect(screen.getByRole("link", { name: "Your Results" })).toHaveAttribute("href", "/app/analytics");
    expect(screen.getAllByRole("link")).toHaveLength(6);
  });

  it("shows no badge when nothing is unread", async () => {
    stubFetch({ "GET /api/conversations?filter=unread": () => ({ status: 200, body: { conversations: [], nextCursor: null } }) });
    await renderWithProviders(<DashboardNav current="setup" />);
    expect(screen.getByRole("link", { name: "Inbox" })).toBeInTheDocument();
    expect(screen.queryByTestId("inbox-unread-badge")).toBeNull();
  });
});
