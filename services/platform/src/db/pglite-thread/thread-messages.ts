/** What the main thread asks of the PGlite thread. Replies carry the backend's raw protocol bytes. */
export type ThreadRequest =
  /** Protocol messages run as they are (NativeSql's simple queries, Sync). */
  | { id: number; kind: "protocol"; message: Uint8Array }
  /** `pglite.query`: Parse, Describe, then Bind with values serialised for the described types, Execute, Sync. */
  | { id: number; kind: "extended"; text: string; params: unknown[]; paramTypes?: number[] }
  /** `pglite.exec`: a simple query followed by Sync. */
  | { id: number; kind: "simple"; text: string }
  | { id: number; kind: "close" };

export type ThreadReply = { id: number; data: Uint8Array } | { id: number; error: string };

/** The first message from the thread once PGlite is open (or could not be). */
export type ThreadStarted = { kind: "ready" } | { kind: "failed"; error: string };

export interface ThreadData {
  /** The PGlite data folder; absent for an in-memory database. */
  dataPath?: string;
}
