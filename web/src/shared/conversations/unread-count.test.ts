import { stubFetch } from "@/test/render";
import { summary } from "@/test/inbox";
import { getUnreadCount, unreadBadgeText, unreadTotal } from "./unread-count";

describe("the inbox's unread badge", () => {
  it("sums unreadCount over the page, and says '+' when there are more unread conversations", () => {
    const conversations = [summary({ unreadCount: 2 }), summary({ id: "c2", unreadCount: 1 }), summary({ id: "c3", unreadCount: 0 })];
    expect(unreadTotal({ conversations, nextCursor: null })).toEqual({ count: 3, more: false });
    expect(unreadBadgeText(unreadTotal({ conversations, nextCursor: "next" }))).toBe("3+");
  });

  it("asks for the unread conversations, and shows nothing while the inbox is not deployed (404)", async () => {
    const calls = stubFetch({});
    expect(await getUnreadCount()).toBeNull();
    expect(calls.map((call) => call.path)).toEqual(["/api/conversations?filter=unread"]);
  });
});
