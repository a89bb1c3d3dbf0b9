import { CommitHandoff, type SequencedRecord } from "./commit-handoff";

const record = (seq: number, topic = "t"): SequencedRecord => ({ seq: BigInt(seq), topic, key: "k", value: new Uint8Array(), headers: {} });

describe("CommitHandoff", () => {
  it("hands commits over in append order, holding a later commit until the earlier one has ended", () => {
    const handoff = new CommitHandoff(10n);
    handoff.appended([11n, 12n]);
    handoff.appended([13n]);
    expect(handoff.committed([record(13)])).toEqual([]);
    const chunks = handoff.committed([record(12), record(11)]);
    expect(chunks.map((chunk) => [chunk.after, chunk.through, chunk.records.map((r) => r.seq)])).toEqual([
      [10n, 12n, [11n, 12n]],
      [12n, 13n, [13n]],
    ]);
    expect(handoff.through).toBe(13n);
  });

  it("passes over a rolled-back append and the holes between appends", () => {
    const handoff = new CommitHandoff(0n);
    handoff.appended([1n]);
    handoff.appended([5n]);
    expect(handoff.rolledBack([1n])).toEqual([{ after: 0n, through: 1n, records: [] }]);
    expect(handoff.committed([record(5)])).toEqual([{ after: 1n, through: 5n, records: [record(5)] }]);
  });

  it("ignores records it never saw appended (another path wakes the consumers instead)", () => {
    const handoff = new CommitHandoff(0n);
    expect(handoff.committed([record(3)])).toEqual([]);
    expect(handoff.through).toBe(0n);
  });
});
