import { ApiError, apiRequest, errorMessage, setUnauthorizedHandler } from "./client";
import { stubFetch } from "@/test/render";

describe("the API client", () => {
  it("given a failed call with a body, when it throws, then the message is '<status>: <body>'", async () => {
    stubFetch({ "POST /api/login": () => ({ status: 401, body: { message: "Invalid email or password" } }) });
    await expect(apiRequest("POST", "/api/login", {})).rejects.toThrow('401: {"message":"Invalid email or password"}');
  });

  it("given a failed call with an empty body, when it throws, then the status text follows the status", async () => {
    stubFetch({});
    const error = await apiRequest("GET", "/api/nothing").catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('404: {"message":"Not found"}');
    globalThis.fetch = (async () => new Response("", { status: 500, statusText: "Internal Server Error" })) as typeof fetch;
    await expect(apiRequest("GET", "/api/x")).rejects.toThrow("500: Internal Server Error");
  });

  it("given a JSON error body, when read, then its message is the server message, else the fallback", () => {
    expect(errorMessage(new ApiError(400, "Bad Request", '{"message":"Email taken"}'), "fallback")).toBe("Email taken");
    expect(errorMessage(new ApiError(400, "Bad Request", "plain text"), "fallback")).toBe("fallback");
    expect(errorMessage(new TypeError("Failed to fetch"), "fallback")).toBe("fallback");
  });

  it("given a 401, when the call is the current-user probe, then it answers null; otherwise the 401 handler runs once", async () => {
    stubFetch({ "GET /api/auth/user": () => ({ status: 401, body: { message: "Not signed in" } }), "GET /api/business": () => ({ status: 401, body: {} }) });
    const handler = vi.fn();
    setUnauthorizedHandler(handler);
    await expect(apiRequest("GET", "/api/auth/user", undefined, { nullOn401: true })).resolves.toBeNull();
    expect(handler).not.toHaveBeenCalled();
    await expect(apiRequest("GET", "/api/business")).rejects.toBeInstanceOf(ApiError);
    expect(handler).toHaveBeenCalledTimes(1);
    setUnauthorizedHandler(undefined);
  });

  it("given a call, when sent, then cookies are included and JSON is sent", async () => {
    const seen: RequestInit[] = [];
    globalThis.fetch = (async (_url: RequestInfo | URL, init?: RequestInit) => {
      seen.push(init ?? {});
      return new Response('{"ok":true}', { status: 200 });
    }) as typeof fetch;
    await expect(apiRequest("POST", "/api/x", { a: 1 })).resolves.toEqual({ ok: true });
    expect(seen[0]?.credentials).toBe("include");
    expect((seen[0]?.headers as Record<string, string>)["Content-Type"]).toBe("application/json");
    expect(seen[0]?.body).toBe('{"a":1}');
  });
});

/** A response whose body records whether the client read it to the end or cancelled it. */
function trackedResponse(status: number, body: string, statusOverride?: number) {
  const seen = { released: false };
  const stream = new ReadableStream<Uint8Array>({
    start: (controller) => controller.enqueue(new TextEncoder().encode(body)),
    // Asked for more only once the one chunk was read: the end of the body.
    pull: (controller) => {
      seen.released = true;
      controller.close();
    },
    cancel: () => {
      seen.released = true;
    },
  });
  const response = new Response(stream, { status });
  // A Response cannot be built as 204 with a body; the status is what the client branches on.
  if (statusOverride) Object.defineProperty(response, "status", { value: statusOverride });
  return { response, seen };
}

describe("the API client and response bodies", () => {
  afterEach(() => setUnauthorizedHandler(undefined));

  it.each([
    ["a 401 answered as null (the current-user probe)", () => trackedResponse(401, '{"message":"Not signed in"}'), { nullOn401: true }],
    ["a 401 thrown", () => trackedResponse(401, '{"message":"Not signed in"}'), {}],
    ["a 204", () => trackedResponse(200, "left over", 204), {}],
    ["a 500", () => trackedResponse(500, '{"message":"boom"}'), {}],
    ["a 200", () => trackedResponse(200, '{"ok":true}'), {}],
  ])("given %s, when the call settles, then the body was read or cancelled", async (_case, make, options) => {
    const { response, seen } = make();
    globalThis.fetch = (async () => response) as typeof fetch;
    await apiRequest("GET", "/api/x", undefined, options).catch(() => undefined);
    expect(seen.released).toBe(true);
  });
});
