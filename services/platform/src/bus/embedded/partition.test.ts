import { randomUUID } from "node:crypto";
import { EMBEDDED_PARTITIONS, partitionOf } from "./partition";

describe("partitionOf", () => {
  it("gives a key the same partition every time, within the partition count", () => {
    for (const key of ["", "business-1", randomUUID(), "é☎ key"]) {
      const partition = partitionOf(key);
      expect(partition).toBe(partitionOf(key));
      expect(Number.isInteger(partition) && partition >= 0 && partition < EMBEDDED_PARTITIONS).toBe(true);
    }
  });

  it("spreads businesses' ids over every partition, none holding more than twice its share", () => {
    const counts = new Array<number>(EMBEDDED_PARTITIONS).fill(0);
    const keys = 16_000;
    for (let i = 0; i < keys; i++) counts[partitionOf(randomUUID())]! += 1;
    expect(Math.min(...counts)).toBeGreaterThan(0);
    expect(Math.max(...counts)).toBeLessThan((2 * keys) / EMBEDDED_PARTITIONS);
  });
});
