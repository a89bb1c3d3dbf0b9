import { QueryClientProvider, useInfiniteQuery } from "@tanstack/react-query";
import { act, render, renderHook } from "@testing-library/react";
import type { ReactNode } from "react";
import { createQueryClient } from "@/shared/api/query-client";
import { stubFetch } from "@/test/render";
import { conversationListQueryOptions } from "../api/conversations";
import { FALLBACK_POLL_MS, STREAM_RETRY_MS, STREAM_URL, useConversationStream } from "./use-conversation-stream";

/** A stand-in EventSource: the test opens, fails and feeds it. */
class FakeEventSource {
  static instances: FakeEventSource[] = [];
  readonly url: string;
  readonly withCredentials: boolean;
  onopen: ((event: Event) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  closed = false;
  private listeners = new Map<string, ((event: MessageEvent) => void)[]>();

  constructor(url: string, init?: { withCredentials?: boolean }) {
    this.url = url;
    this.withCredentials = init?.withCredentials ?? false;
    FakeEventSource.instances.push(this);
  }
  addEventListener(type: string, listener: (event: MessageEvent) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close() {
    this.closed = true;
  }
  open() {
    this.onopen?.(new Event("open"));
  }
  fail() {
    this.onerror?.(new Event("error"));
  }
  emit(type: string, data: unknown) {
    this.listeners.get(type)?.forEach((listener) => listener(new MessageEvent(type, { data: JSON.stringify(data) })));
  }
  static latest(): FakeEventSource {
    const source = FakeEventSource.instances[FakeEventSource.instances.length - 1];
    if (!source) throw new Error("no EventSource was opened");
    return source;
  }
}

function setup() {
  const queryClient = createQueryClient();
  const invalidated: unknown[][] = [];
  const original = queryClient.invalidateQueries.bind(queryClient);
  queryClient.invalidateQueries = ((filters?: { queryKey?: readonly unknown[] }) => {
    invalidated.push([...(filters?.queryKey ?? [])]);
    return original(filters);
  }) as typeof queryClient.invalidateQueries;
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
  return { queryClient, invalidated, wrapper };
}

describe("the inbox's live stream", () => {
  beforeEach(() => {
    FakeEventSource.instances = [];
    vi.stubGlobal("EventSource", FakeEventSource);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it("opens the stream while mounted, invalidates the lists, the badge and that thread on a conversation event, and closes on unmount", () => {
    const { wrapper, invalidated } = setup();
    const { result, unmount } = renderHook(() => useConversationStream(), { wrapper });
    const source = FakeEventSource.latest();
    expect(source.url).toBe(STREAM_URL);
    expect(STREAM_URL).toBe("/api/conversations/stream");
    act(() => source.open());
    expect(result.current).toEqual({ live: true, pollMs: false });

    act(() => source.emit("conversation", { id: "c7", lastActivityAt: "2026-01-05T15:00:00Z", unreadCount: 1 }));
    expect(invalidated).toEqual([
      ["/api/conversations", "list"],
      ["/api/conversations", "unread-count"],
      ["/api/conversations", "thread", "c7"],
    ]);
    unmount();
    expect(source.closed).toBe(true);
  });

  it("when the stream fails, falls back to polling every 10 s, tries the stream again 30 s later, and stops polling once it opens", async () => {
    vi.useFakeTimers();
    const { wrapper, invalidated } = setup();
    const { result } = renderHook(() => useConversationStream(), { wrapper });
    const first = FakeEventSource.latest();
    act(() => first.fail());
    expect(first.closed).toBe(true);
    expect(result.current).toEqual({ live: false, pollMs: FALLBACK_POLL_MS });
    expect(FALLBACK_POLL_MS).toBe(10_000);

    await act(() => vi.advanceTimersByTimeAsync(STREAM_RETRY_MS - 1));
    expect(FakeEventSource.instances).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(FakeEventSource.instances).toHaveLength(2);
    expect(result.current.live).toBe(false);

    act(() => FakeEventSource.latest().open());
    expect(result.current).toEqual({ live: true, pollMs: false });
    // What changed while the stream was down is read once.
    expect(invalidated).toContainEqual(["/api/conversations"]);
  });

  it("while polling, the conversation list is read again every 10 s", async () => {
    vi.useFakeTimers();
    const calls = stubFetch({ "GET /api/conversations?filter=all": () => ({ status: 200, body: { conversations: [], nextCursor: null } }) });
    const { wrapper } = setup();
    function List() {
      const { pollMs } = useConversationStream();
      useInfiniteQuery(conversationListQueryOptions("all", pollMs));
      return null;
    }
    render(<List />, { wrapper });
    act(() => FakeEventSource.latest().open());
    await act(() => vi.advanceTimersByTimeAsync(25_000));
    const reads = () => calls.filter((call) => call.path === "/api/conversations?filter=all").length;
    expect(reads()).toBe(1);

    act(() => FakeEventSource.latest().fail());
    await act(() => vi.advanceTimersByTimeAsync(FALLBACK_POLL_MS * 2 + 100));
    expect(reads()).toBe(3);
  });
});
