import { createHash } from "node:crypto";

/** Informational partition number of a key (ordering is per key, not per partition). */
export const EMBEDDED_PARTITIONS = 16;

export function partitionOf(key: string): number {
  return createHash("md5").update(key).digest().readUInt32BE(0) % EMBEDDED_PARTITIONS;
}
