import { summary } from "@/test/inbox";
import {
  centsToDollars,
  deliveryStatus,
  dollarsToCents,
  flattenPages,
  formatDuration,
  formatItemTime,
  formatListTime,
  itemSide,
  searchConversations,
  sortConversations,
} from "./inbox-display";

describe("inbox list order and search", () => {
  it("puts unread conversations first, then the newest activity first", () => {
    const list = [
      summary({ id: "old-read", lastActivityAt: "2026-01-01T10:00:00Z" }),
      summary({ id: "new-read", lastActivityAt: "2026-01-05T10:00:00Z" }),
      summary({ id: "old-unread", lastActivityAt: "2026-01-02T10:00:00Z", unreadCount: 1 }),
      summary({ id: "new-unread", lastActivityAt: "2026-01-04T10:00:00Z", unreadCount: 3 }),
    ];
    expect(sortConversations(list).map((item) => item.id)).toEqual(["new-unread", "old-unread", "new-read", "old-read"]);
  });

  it("finds a number however it is typed, and a label by its words", () => {
    const list = [summary({ id: "a" }), summary({ id: "b", callerNumber: "+12025550147", callerLabel: "(202) 555-0147" })];
    const ids = (query: string) => searchConversations(list, query).map((item) => item.id);
    expect(ids("")).toEqual(["a", "b"]);
    expect(ids("555 0123")).toEqual(["a"]);
    expect(ids("(202)")).toEqual(["b"]);
    expect(ids("+1 202")).toEqual(["b"]);
    expect(ids("12025550147")).toEqual(["b"]);
    expect(ids("555")).toEqual(["a", "b"]);
    expect(ids("999")).toEqual([]);
  });

  it("keeps each conversation once across pages", () => {
    expect(
      flattenPages([{ conversations: [summary({ id: "a" }), summary({ id: "b" })] }, { conversations: [summary({ id: "b" }), summary({ id: "c" })] }]).map(
        (item) => item.id,
      ),
    ).toEqual(["a", "b", "c"]);
  });
});

describe("inbox words", () => {
  it("says a text's delivery status in words, failures as failures", () => {
    expect(deliveryStatus("queued")).toEqual({ words: "Queued", tone: "pending" });
    expect(deliveryStatus("sent")).toEqual({ words: "Sent", tone: "sent" });
    expect(deliveryStatus("delivered")).toEqual({ words: "Delivered", tone: "delivered" });
    expect(deliveryStatus("undelivered")).toEqual({ words: "Not delivered", tone: "failed" });
    expect(deliveryStatus("failed")).toEqual({ words: "Failed to send", tone: "failed" });
    expect(deliveryStatus(undefined)).toBeNull();
  });

  it("puts the caller's items left, the business's right and the rest in the middle", () => {
    expect(["reply_in", "voicemail", "auto_text", "reply_out", "missed_call", "opt_out", "opt_in"].map((kind) => itemSide(kind as never))).toEqual([
      "caller",
      "caller",
      "business",
      "business",
      "system",
      "system",
      "system",
    ]);
  });

  it("formats times relative to now, and a voicemail's length", () => {
    const now = new Date(2026, 0, 9, 12, 0);
    expect(formatListTime(new Date(2026, 0, 9, 9, 5).toISOString(), now)).toBe("9:05 AM");
    expect(formatListTime(new Date(2026, 0, 8, 9, 5).toISOString(), now)).toBe("Yesterday");
    expect(formatListTime(new Date(2026, 0, 6, 9, 5).toISOString(), now)).toBe("Tue");
    expect(formatListTime(new Date(2026, 0, 1, 9, 5).toISOString(), now)).toBe("Jan 1");
    expect(formatListTime(new Date(2025, 5, 1, 9, 5).toISOString(), now)).toBe("Jun 1, 2025");
    expect(formatItemTime(new Date(2026, 0, 9, 9, 5).toISOString(), now)).toBe("9:05 AM");
    expect(formatItemTime(new Date(2026, 0, 5, 15, 4).toISOString(), now)).toBe("Jan 5, 3:04 PM");
    expect([formatDuration(42), formatDuration(120), formatDuration(undefined)]).toEqual(["0:42", "2:00", null]);
  });

  it("reads a booked value in dollars as cents", () => {
    expect(dollarsToCents("250")).toBe(25_000);
    expect(dollarsToCents("$1,249.99")).toBe(124_999);
    expect(dollarsToCents("  ")).toBeUndefined();
    expect(dollarsToCents("12.345")).toBeNull();
    expect(dollarsToCents("ten")).toBeNull();
    expect([centsToDollars(25_000), centsToDollars(12_550), centsToDollars(null)]).toEqual(["250", "125.50", ""]);
  });
});
