import type { Fact } from "./facts";
import { emptyRowMaps, foldFacts } from "./fold";

const text = (kind: "queued" | "sent" | "status", extra: Partial<Extract<Fact, { table: "texts" }>> = {}): Fact =>
  ({ table: "texts", kind, businessId: "b", smsId: "s", callId: "c", at: 0, ...extra }) as Fact;

const facts: Fact[] = [
  text("queued", { at: 1_000, recipientNumber: "+12125550100", message: "Hi", textKind: "missed_call" } as never),
  text("sent", { at: 2_000 }),
  text("status", { at: 2_000, status: "sent" } as never),
  text("status", { at: 6_000, status: "delivered" } as never),
  {
    table: "calls",
    kind: "received",
    businessId: "b",
    callId: "c",
    callSid: "CA1",
    callerNumber: "+12125550100",
    callStatus: "ringing",
    answered: false,
    at: 1_000,
  },
  { table: "calls", kind: "missed", businessId: "b", callId: "c", callSid: "CA1", callerNumber: "+12125550100", at: 1_000 },
];

function permutations<T>(items: T[]): T[][] {
  if (items.length <= 1) return [items];
  return items.flatMap((item, index) => permutations([...items.slice(0, index), ...items.slice(index + 1)]).map((rest) => [item, ...rest]));
}

describe("foldFacts", () => {
  const reference = foldFacts(emptyRowMaps(), facts);

  it("given a call and its text's facts, then the rows and counters are what the events say", () => {
    expect(reference.changed.texts).toEqual([
      expect.objectContaining({ status: "delivered", message: "Hi", queuedAt: 1_000, sentAt: 2_000, deliveredAt: 6_000, at: 1_000, callId: "c" }),
    ]);
    expect(reference.changed.calls).toEqual([expect.objectContaining({ received: true, textable: true, answered: false, occurredAt: 1_000 })]);
    expect(new Map(reference.counters.map((counter) => [counter.name, counter.delta]))).toEqual(
      new Map([
        ["calls", 1],
        ["missed_calls", 1],
        ["texts", 1],
        ["texts_sent", 1],
        ["texts_delivered", 1],
      ]),
    );
  });

  it("given the same facts in every one of their 720 orders, then the same rows and counters", () => {
    for (const order of permutations(facts)) {
      const result = foldFacts(emptyRowMaps(), order);
      expect(result.changed).toEqual(reference.changed);
      expect(result.counters.sort((a, b) => a.name.localeCompare(b.name))).toEqual([...reference.counters].sort((a, b) => a.name.localeCompare(b.name)));
    }
  });

  it("given facts applied one at a time over the stored rows, then the same end state and counters summing to the batch's", () => {
    let rows = emptyRowMaps();
    const totals = new Map<string, number>();
    for (const fact of [...facts].reverse()) {
      const step = foldFacts(rows, [fact]);
      const next = emptyRowMaps();
      for (const table of ["calls", "texts"] as const) {
        for (const [key, row] of rows[table]) (next[table] as Map<string, unknown>).set(key, row);
        for (const row of step.changed[table]) (next[table] as Map<string, unknown>).set(`b/${"smsId" in row ? row.smsId : row.callId}`, row);
      }
      rows = next;
      for (const counter of step.counters) totals.set(counter.name, (totals.get(counter.name) ?? 0) + counter.delta);
    }
    expect([...rows.texts.values()]).toEqual(reference.changed.texts);
    expect([...totals].filter(([, value]) => value !== 0).sort()).toEqual(reference.counters.map((counter) => [counter.name, counter.delta]).sort());
  });

  it("given a fact that changes nothing (a late 'sent' after delivery), then no row is written and no counter moves", () => {
    const loaded = emptyRowMaps();
    loaded.texts.set("b/s", reference.changed.texts[0]!);
    const late = foldFacts(loaded, [text("status", { at: 9_000, status: "sent" } as never)]);
    expect(late.changed.texts).toEqual([]);
    expect(late.counters).toEqual([]);
  });

  describe("which texts count (spec: owners see the messages their settings send)", () => {
    const reply = (smsId: string, textKind: string): Fact[] => [
      text("queued", { smsId, callId: "", at: 1_000, recipientNumber: "+12125550100", message: "Reply", textKind } as never),
      text("sent", { smsId, callId: "", at: 1_000 }),
      text("status", { smsId, callId: "", at: 3_000, status: "delivered" } as never),
    ];
    const countersOf = (result: ReturnType<typeof foldFacts>) => Object.fromEntries(result.counters.map((counter) => [counter.name, counter.delta]));

    it.each(["help", "compliance"])("given a %s answer to a keyword, then it is kept as a row but no text counter moves", (textKind) => {
      const result = foldFacts(emptyRowMaps(), reply("r", textKind));
      expect(result.changed.texts).toEqual([expect.objectContaining({ smsId: "r", kind: textKind, status: "delivered" })]);
      expect(result.counters).toEqual([]);
    });

    it.each(["missed_call", "after_hours", "auto_reply"])("given a %s text, then it counts as a text sent and delivered", (textKind) => {
      expect(countersOf(foldFacts(emptyRowMaps(), reply("r", textKind)))).toEqual({ texts: 1, texts_sent: 1, texts_delivered: 1 });
    });

    it("given a compliance answer whose delivery is applied before its SmsQueued, then it counts while its kind is unknown and stops counting when it is known", () => {
      const [queued, sent, delivered] = reply("r", "compliance") as [Fact, Fact, Fact];
      const first = foldFacts(emptyRowMaps(), [delivered, sent]);
      const loaded = emptyRowMaps();
      loaded.texts.set("b/r", first.changed.texts[0]!);
      const second = foldFacts(loaded, [queued]);

      expect(countersOf(first)).toEqual({ texts: 1, texts_sent: 1, texts_delivered: 1 });
      expect(countersOf(second)).toEqual({ texts: -1, texts_sent: -1, texts_delivered: -1 });
    });
  });

  describe("conversation outcomes (ConversationOutcomeSet: the latest set_at wins)", () => {
    const outcome = (value: string, at: number, valueCents = 0): Fact => ({
      table: "outcomes",
      businessId: "b",
      callerNumber: "+12125550100",
      outcome: value,
      valueCents,
      at,
    });
    const marks = [outcome("booked", 1_000, 5_000), outcome("", 1_500), outcome("booked", 2_000, 7_000), outcome("lost", 2_000)];

    it("given marks in every order, including two at the same instant, then one row, the same in all 24 orders, and no counter moves", () => {
      const results = permutations(marks).map((order) => foldFacts(emptyRowMaps(), order));
      for (const result of results) {
        expect(result.changed.outcomes).toEqual(results[0]!.changed.outcomes);
        expect(result.counters).toEqual([]);
      }
      expect(results[0]!.changed.outcomes).toEqual([{ businessId: "b", callerNumber: "+12125550100", outcome: "lost", valueCents: 0, setAt: 2_000 }]);
    });

    it("given an older mark over the stored row, then nothing changes; a newer one replaces it", () => {
      const stored = foldFacts(emptyRowMaps(), [outcome("booked", 2_000, 7_000)]).changed.outcomes[0]!;
      const loaded = emptyRowMaps();
      loaded.outcomes.set("b/+12125550100", stored);
      expect(foldFacts(loaded, [outcome("", 1_000)]).changed.outcomes).toEqual([]);
      expect(foldFacts(loaded, [outcome("", 3_000)]).changed.outcomes).toEqual([expect.objectContaining({ outcome: "", valueCents: 0, setAt: 3_000 })]);
    });
  });
});
