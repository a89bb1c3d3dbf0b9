// The owner's inbox through the gateway, the whole product in one process (docs/conversations.md
// section 7): a missed call with a voicemail and the caller's reply at the carrier simulator become one thread; the
// owner's reply reaches the caller's phone; after STOP the reply is refused; another owner sees none
// of it; the event stream tells the owner of a new reply within a second.
import type { ConversationItem, ConversationList, ConversationThread } from "@rebound/contracts/domain";
import { CONVERSATION_OPTED_OUT_MESSAGE } from "@rebound/contracts/domain";
import { get, type ClientRequest, type IncomingMessage } from "node:http";
import { OwnerClient, simulatorMessages, startTestStandalone, waitUntil } from "./standalone-harness";

jest.setTimeout(180_000);

type Standalone = Awaited<ReturnType<typeof startTestStandalone>>;

interface Stream {
  response: IncomingMessage;
  /** `event: conversation` data, with performance.now() at arrival. */
  events: { data: { id: string; lastActivityAt: string; unreadCount: number }; at: number }[];
  text: () => string;
  close: () => void;
}

/** GET /api/conversations/stream as the browser's EventSource asks for it (node:http: see messaging's test support). */
async function openStream(url: string, cookie: string): Promise<Stream> {
  let request: ClientRequest | undefined;
  const response = await new Promise<IncomingMessage>((resolve, reject) => {
    request = get(`${url}/api/conversations/stream`, { headers: { accept: "text/event-stream", cookie } }, resolve);
    request.on("error", reject);
  });
  const events: Stream["events"] = [];
  let text = "";
  let buffer = "";
  response.setEncoding("utf8");
  response.on("data", (chunk: string) => {
    text += chunk;
    buffer += chunk;
    for (let end = buffer.indexOf("\n\n"); end >= 0; end = buffer.indexOf("\n\n")) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const data = block.split("\n").find((line) => line.startsWith("data:"));
      if (block.includes("event: conversation") && data)
        events.push({ data: JSON.parse(data.slice(5)) as Stream["events"][number]["data"], at: performance.now() });
    }
  });
  response.on("error", () => undefined);
  return { response, events, text: () => text, close: () => request?.destroy() };
}

describe("the owner's inbox (standalone: carrier simulator, gateway, telephony, messaging)", () => {
  let app: Standalone;
  const ada = { owner: undefined as unknown as OwnerClient, number: "" };
  const bob = { owner: undefined as unknown as OwnerClient, number: "" };
  const caller = "+14155557301";
  let threadId = "";

  async function setUp(who: typeof ada, email: string, pick: number, businessName: string) {
    who.owner = new OwnerClient(app.url);
    await who.owner.signUp(email);
    const search = await who.owner.call<{ numbers: { phoneNumber: string }[] }>("GET", "/api/phone-numbers/search/415");
    who.number = search.body.numbers[pick]?.phoneNumber as string;
    expect([200, 201]).toContain((await who.owner.call("POST", "/api/phone-numbers/purchase", { phoneNumber: who.number })).status);
    expect((await who.owner.call("PATCH", "/api/business/profile", { businessName, businessPhone: "+12125550123" })).status).toBe(200);
  }

  const post = (path: string, body: unknown) =>
    fetch(`${app.url}${path}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  const sms = async (from: string, to: string, body: string) => expect((await post("/dev/simulator/sms", { from, to, body })).status).toBe(200);

  /** Polls the owner's thread until `ready` holds. */
  async function threadWhen(owner: OwnerClient, id: string, ready: (thread: ConversationThread) => boolean, what: string): Promise<ConversationThread> {
    let thread: ConversationThread | undefined;
    await waitUntil(async () => {
      const response = await owner.call<ConversationThread>("GET", `/api/conversations/${id}`);
      thread = response.status === 200 ? response.body : undefined;
      return thread !== undefined && ready(thread);
    }, what);
    return thread as ConversationThread;
  }

  beforeAll(async () => {
    app = await startTestStandalone();
    await setUp(ada, "ada-inbox@example.com", 0, "Ada Plumbing");
    await setUp(bob, "bob-inbox@example.com", 1, "Bob Electric");
    // US callers are texted only once the business's US texting registration is approved.
    await ada.owner.registerUsTexting();
  });
  afterAll(async () => {
    await app?.stop();
  });

  it("given a missed call with a voicemail and the caller's reply, then one thread of four items in order, the voicemail's audio the owner's", async () => {
    const call = await post("/dev/simulator/calls", {
      from: caller,
      to: ada.number,
      voicemail: { seconds: 4, transcript: "Hi, it's Sam. The heater is out." },
    });
    expect(call.status).toBe(200);
    expect(((await call.json()) as { voicemail: unknown }).voicemail).toMatchObject({
      seconds: 4,
      recordingStatusCallbackStatus: 200,
      transcriptionCallbackStatus: 200,
    });
    await waitUntil(async () => (await simulatorMessages(app.url, caller)).some((message) => message.from === ada.number), "the missed-call text");
    await sms(caller, ada.number, "Can you come Thursday?");

    let list: ConversationList | undefined;
    await waitUntil(async () => {
      list = (await ada.owner.call<ConversationList>("GET", "/api/conversations")).body;
      return list.conversations[0]?.preview === "Can you come Thursday?";
    }, "the reply in the list");
    expect(list?.conversations).toHaveLength(1);
    expect(list?.conversations[0]).toMatchObject({ callerNumber: caller, callerLabel: "(415) 555-7301", unreadCount: 3, optedOut: false });
    expect(list?.nextCursor).toBeNull();
    threadId = list?.conversations[0]?.id ?? "";

    const thread = await threadWhen(ada.owner, threadId, (t) => t.items.length === 4 && t.items.some((item) => item.transcript), "four items");
    const kinds = thread.items.map((item) => item.kind);
    // The text and the recording both follow the call by moments: either may come first.
    expect([kinds[0], [...kinds.slice(1, 3)].sort(), kinds[3]]).toEqual(["missed_call", ["auto_text", "voicemail"], "reply_in"]);
    const texted = (await simulatorMessages(app.url, caller)).find((message) => message.from === ada.number);
    expect(thread.items.find((item) => item.kind === "auto_text")).toMatchObject({
      body: texted?.body,
      status: expect.stringMatching(/^(queued|sending|sent|delivered)$/),
    });
    const voicemail = thread.items.find((item) => item.kind === "voicemail");
    expect(voicemail).toMatchObject({
      transcript: "Hi, it's Sam. The heater is out.",
      seconds: 4,
      recordingUrl: expect.stringMatching(/^\/api\/voicemails\/[^/]+\/audio$/),
    });
    expect(thread.items[3]).toMatchObject({ body: "Can you come Thursday?" });
    const times = thread.items.map((item) => Date.parse(item.at));
    expect([...times].sort((a, b) => a - b)).toEqual(times);

    const audio = await fetch(`${app.url}${voicemail?.recordingUrl}`, { headers: { cookie: ada.owner.cookie } });
    expect(audio.status).toBe(200);
    expect(audio.headers.get("content-type")).toBe("audio/wav");
    expect((await fetch(`${app.url}${voicemail?.recordingUrl}`, { headers: { cookie: bob.owner.cookie } })).status).toBe(404);

    expect((await ada.owner.call("POST", `/api/conversations/${threadId}/read`)).status).toBe(204);
    expect((await ada.owner.call<ConversationList>("GET", "/api/conversations?filter=unread")).body.conversations).toEqual([]);
  });

  it("given another owner, then 404 on the thread and an empty list", async () => {
    expect((await bob.owner.call("GET", `/api/conversations/${threadId}`)).status).toBe(404);
    expect((await bob.owner.call("POST", `/api/conversations/${threadId}/messages`, { body: "Hello" })).status).toBe(404);
    expect((await bob.owner.call("PUT", `/api/conversations/${threadId}/outcome`, { outcome: "booked" })).status).toBe(404);
    expect((await bob.owner.call<ConversationList>("GET", "/api/conversations")).body).toEqual({ conversations: [], nextCursor: null });
  });

  it("given the inbox open, then a new reply reaches the owner's stream within a second, and not another owner's", async () => {
    const mine = await openStream(app.url, ada.owner.cookie);
    const theirs = await openStream(app.url, bob.owner.cookie);
    try {
      expect(mine.response.statusCode).toBe(200);
      expect(mine.response.headers["content-type"]).toBe("text/event-stream; charset=utf-8");
      await waitUntil(async () => mine.text().includes(": connected") && theirs.text().includes(": connected"), "both streams to open");
      await sms(caller, ada.number, "Also, do you fix water heaters?");
      const answered = performance.now();
      await waitUntil(async () => mine.events.some((event) => event.data.id === threadId), "the stream's event", 5_000);
      const event = mine.events.find((candidate) => candidate.data.id === threadId);
      expect((event?.at ?? Infinity) - answered).toBeLessThan(1_000);
      expect(event?.data).toEqual({ id: threadId, lastActivityAt: expect.any(String), unreadCount: 1 });
      expect(theirs.events).toEqual([]);
    } finally {
      mine.close();
      theirs.close();
    }
  });

  it("given the owner's reply, then it reaches the caller's phone from the business's number", async () => {
    const sent = await ada.owner.call<{ item: ConversationItem }>("POST", `/api/conversations/${threadId}/messages`, { body: "Yes to both. Thursday 10am?" });
    expect(sent.status).toBe(201);
    expect(sent.body.item).toMatchObject({ kind: "reply_out", body: "Yes to both. Thursday 10am?", status: "queued" });
    await waitUntil(
      async () => (await simulatorMessages(app.url, caller)).some((message) => message.from === ada.number && message.body === "Yes to both. Thursday 10am?"),
      "the owner's reply at the caller's phone",
    );
    const thread = await threadWhen(ada.owner, threadId, (t) => t.items.at(-1)?.kind === "reply_out" && t.items.at(-1)?.status !== "queued", "the reply sent");
    expect(thread.items.slice(-3).map((item) => item.kind)).toEqual(["reply_in", "reply_in", "reply_out"]);
    expect((await ada.owner.call("POST", `/api/conversations/${threadId}/messages`, { body: "" })).status).toBe(400);
  });

  it("given the caller texts STOP, then the thread says so and a reply answers 409", async () => {
    await sms(caller, ada.number, "STOP");
    const thread = await threadWhen(ada.owner, threadId, (t) => t.optedOut, "the opt-out");
    expect(thread.items.slice(-2).map((item) => item.kind)).toEqual(["opt_out", "auto_text"]);
    const refused = await ada.owner.call<{ message: string }>("POST", `/api/conversations/${threadId}/messages`, { body: "Sorry to see you go" });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(CONVERSATION_OPTED_OUT_MESSAGE);
    const texts = (await simulatorMessages(app.url, caller)).filter((message) => message.from === ada.number).map((message) => message.body);
    expect(texts).not.toContain("Sorry to see you go");
  });
});
