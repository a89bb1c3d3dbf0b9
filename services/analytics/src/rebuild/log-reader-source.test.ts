import type { DeliveredRecord, LogReader } from "@rebound/platform";
import { LogReaderSource } from "./log-reader-source";

const record = (type: string, offset: number): DeliveredRecord => ({
  topic: "t",
  key: "k",
  value: new Uint8Array(),
  headers: { "event-type": type },
  partition: 0,
  offset: String(offset),
});

describe("LogReaderSource", () => {
  it("hands over the projected types only, reads past batches with none of them, ends with the reader and closes it", async () => {
    const batches = [[record("CallMissed", 0), record("UserRegistered", 1)], [record("UserRegistered", 2)], [record("SmsSent", 3)], []];
    const reader: LogReader = { next: jest.fn(async () => batches.shift() ?? []), close: jest.fn(async () => undefined) };
    const source = new LogReaderSource(reader, "Kafka topics telephony.calls", ["CallMissed", "SmsSent"]);

    expect((await source.next(10)).map((r) => r.offset)).toEqual(["0"]);
    expect((await source.next(10)).map((r) => r.offset)).toEqual(["3"]);
    expect(await source.next(10)).toEqual([]);
    await source.close();
    expect(reader.close).toHaveBeenCalledTimes(1);
    expect(source.description).toBe("Kafka topics telephony.calls");
  });
});
