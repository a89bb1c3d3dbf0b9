// PGlite's engine driven with the wire protocol's bytes only. PGlite's execProtocolRawSync also
// parses every answer message into JavaScript objects (its write callback feeds its own protocol
// parser, for execProtocol's errors and notifications) and copies each chunk twice: about a seventh
// of the PGlite thread's CPU per call (issue 27, docs/decisions.md). This is the same loop as
// execProtocolRawSync in @electric-sql/pglite 0.4.3, with read and write callbacks that only move
// bytes. It uses the module's typed entry points (PGlite.Module, PostgresMod; checked at start), and
// takes the engine's I/O for good: once it runs, only this class may exchange protocol messages
// with the engine (close() sends Terminate, which PGlite answers without the engine).
import type { PGlite } from "@electric-sql/pglite";

/** PGlite's status for a Postgres error longjmp out of the main loop (PGlite.POSTGRES_MAIN_LONGJMP). */
const POSTGRES_MAIN_LONGJMP = 100;
const STARTUP_MESSAGE = 0;
const TERMINATE = 0x58; // "X"
const INITIAL_OUTPUT = 64 * 1024;
const MAX_KEPT_OUTPUT = 1024 * 1024;

type EngineModule = PGlite["Module"] & { HEAPU8: Uint8Array };

const ENTRY_POINTS = [
  "addFunction",
  "_pgl_set_rw_cbs",
  "_PostgresMainLoopOnce",
  "_PostgresMainLongJmp",
  "_PostgresSendReadyForQueryIfNecessary",
  "_pgl_pq_flush",
  "_pq_buffer_remaining_data",
  "_ProcessStartupPacket",
  "_pgl_getMyProcPort",
  "_pgl_sendConnData",
] as const satisfies readonly (keyof EngineModule)[];

export class RawEngine {
  private readonly mod: EngineModule;
  private input: Uint8Array = new Uint8Array(0);
  private readAt = 0;
  private output: Uint8Array = new Uint8Array(INITIAL_OUTPUT);
  private written = 0;

  constructor(pglite: PGlite) {
    this.mod = pglite.Module as EngineModule;
    const missing = ENTRY_POINTS.filter((name) => typeof this.mod[name] !== "function");
    if (missing.length > 0) throw new Error(`this PGlite has no ${missing.join(", ")}: raw-engine.ts follows @electric-sql/pglite 0.4`);
    const read = this.mod.addFunction((pointer: number, max: number) => {
      const length = Math.min(this.input.length - this.readAt, max);
      this.mod.HEAPU8.set(this.input.subarray(this.readAt, this.readAt + length), pointer);
      this.readAt += length;
      return length;
    }, "iii");
    const write = this.mod.addFunction((pointer: number, length: number) => {
      this.append(this.mod.HEAPU8.subarray(pointer, pointer + length));
      return length;
    }, "iii");
    this.mod._pgl_set_rw_cbs(read, write);
  }

  /** Complete frontend messages in; the engine's answer out (a copy the caller keeps). */
  exec(messages: Uint8Array): Uint8Array {
    if (messages[0] === TERMINATE) return new Uint8Array(0);
    this.input = messages;
    this.readAt = 0;
    this.written = 0;
    const mod = this.mod;
    try {
      if (messages[0] === STARTUP_MESSAGE) {
        if (mod._ProcessStartupPacket(mod._pgl_getMyProcPort(), true, true) !== 0) throw new Error("PGlite refused the startup message");
        mod._pgl_sendConnData();
        mod._pgl_pq_flush();
        return this.output.slice(0, this.written);
      }
      try {
        while (this.readAt < messages.length || mod._pq_buffer_remaining_data() > 0) {
          try {
            mod._PostgresMainLoopOnce();
          } catch (error) {
            // A statement's error: Postgres longjmps out of the loop, then reports and goes on (other
            // throws are passed over, as execProtocolRawSync does).
            if ((error as { status?: number }).status === POSTGRES_MAIN_LONGJMP) mod._PostgresMainLongJmp();
          }
        }
      } finally {
        mod._PostgresSendReadyForQueryIfNecessary();
        mod._pgl_pq_flush();
      }
      return this.output.slice(0, this.written);
    } finally {
      this.input = new Uint8Array(0);
      // A large answer (a long report) does not keep its buffer.
      if (this.output.length > MAX_KEPT_OUTPUT) this.output = new Uint8Array(INITIAL_OUTPUT);
    }
  }

  private append(chunk: Uint8Array): void {
    const needed = this.written + chunk.length;
    if (needed > this.output.length) {
      const grown = new Uint8Array(Math.max(needed, this.output.length * 2));
      grown.set(this.output.subarray(0, this.written));
      this.output = grown;
    }
    this.output.set(chunk, this.written);
    this.written = needed;
  }
}
