import type { BusRecord } from "../event-bus";

/** A committed record with its sequence number. */
export type SequencedRecord = BusRecord & { seq: bigint };

/**
 * What one flush hands to consumers: every record committed with `after < seq <= through`.
 * A consumer positioned at or past `after` can take these instead of fetching.
 */
export interface CommittedChunk {
  after: bigint;
  through: bigint;
  records: SequencedRecord[];
}

interface Append {
  seqs: bigint[];
  state: "open" | "committed" | "dropped";
  records: SequencedRecord[];
}

/**
 * Orders this process's commits to the embedded log so they can be handed to its
 * consumers without a fetch. Only valid where this process is the log's only writer and
 * transactions run one at a time (PGlite): appends then take sequence numbers in
 * transaction order, so once every append up to a point has committed or rolled back,
 * every record at or below that point is known. Holes (a failed statement's sequence
 * numbers) are never filled later, so they are safe to pass.
 */
export class CommitHandoff {
  private readonly appends: Append[] = [];
  private readonly bySeq = new Map<bigint, Append>();

  /** @param watermark the log's highest sequence number when this process started writing. */
  constructor(private watermark: bigint) {}

  /** Every committed record at or below this has been handed over (or predates the process). */
  get through(): bigint {
    return this.watermark;
  }

  appended(seqs: bigint[]): void {
    if (seqs.length === 0) return;
    const append: Append = { seqs, state: "open", records: [] };
    this.appends.push(append);
    for (const seq of seqs) this.bySeq.set(seq, append);
  }

  /** Records of appends that committed; returns the chunks now ready, in order. */
  committed(records: SequencedRecord[]): CommittedChunk[] {
    for (const record of records) {
      const append = this.bySeq.get(record.seq);
      if (!append || append.state !== "open") continue;
      append.records.push(record);
      if (append.records.length === append.seqs.length) append.state = "committed";
    }
    return this.flush();
  }

  rolledBack(seqs: bigint[]): CommittedChunk[] {
    for (const seq of seqs) {
      const append = this.bySeq.get(seq);
      if (append) append.state = "dropped";
    }
    return this.flush();
  }

  private flush(): CommittedChunk[] {
    const chunks: CommittedChunk[] = [];
    while (this.appends[0] && this.appends[0].state !== "open") {
      const append = this.appends.shift() as Append;
      for (const seq of append.seqs) this.bySeq.delete(seq);
      const last = append.seqs.reduce((max, seq) => (seq > max ? seq : max), this.watermark);
      // A rolled-back append hands over an empty chunk: consumers move past its numbers.
      const records = append.state === "committed" ? [...append.records].sort((a, b) => (a.seq < b.seq ? -1 : 1)) : [];
      chunks.push({ after: this.watermark, through: last, records });
      this.watermark = last;
    }
    return chunks;
  }
}
