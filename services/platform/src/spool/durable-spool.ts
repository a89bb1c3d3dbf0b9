// A folder of records kept on disk until they can be written to the database: what a webhook could
// not record while the database was unreachable (docs/decisions.md, "Nothing lost when the database
// goes away"). One file per record, written to a temporary name, fsynced and renamed, so a crash
// leaves either the whole record or nothing; the folder is fsynced too, so the name survives a power
// cut. Drained oldest first; a record whose handler fails with a connection error stays for the next
// drain (the database is still away), any other failure moves it aside as `.failed` (logged), so one
// bad record never blocks the rest.
import { mkdir, open, readdir, readFile, rename, unlink } from "node:fs/promises";
import { randomUUID } from "node:crypto";
import { join } from "node:path";
import { isConnectionError } from "../db/connection-errors";
import type { Logger } from "../logging/logger";

export interface DrainResult {
  drained: number;
  /** Left for the next drain: the database is still unreachable. */
  left: number;
  /** Moved aside: their handler failed for another reason. */
  failed: number;
}

export class DurableSpool<T> {
  private sequence = 0;
  private draining?: Promise<DrainResult>;

  constructor(
    private readonly dir: string,
    private readonly logger: Logger,
  ) {}

  /** Keeps `record` on disk; resolves once it is durable. */
  async add(record: T): Promise<void> {
    await mkdir(this.dir, { recursive: true });
    // Sortable by time of arrival within this process: ms, then a counter, then a unique tail.
    const name = `${Date.now().toString().padStart(15, "0")}-${String(++this.sequence).padStart(9, "0")}-${randomUUID()}.json`;
    const temporary = join(this.dir, `.${name}.tmp`);
    const file = await open(temporary, "w");
    try {
      await file.writeFile(JSON.stringify(record));
      await file.sync();
    } finally {
      await file.close();
    }
    await rename(temporary, join(this.dir, name));
    await this.syncFolder();
  }

  /** How many records wait. */
  async size(): Promise<number> {
    return (await this.pendingNames()).length;
  }

  /** Hands each waiting record to `handle`, oldest first; one drain at a time. */
  drain(handle: (record: T) => Promise<void>): Promise<DrainResult> {
    this.draining ??= this.drainOnce(handle).finally(() => {
      this.draining = undefined;
    });
    return this.draining;
  }

  private async drainOnce(handle: (record: T) => Promise<void>): Promise<DrainResult> {
    const names = await this.pendingNames();
    const result: DrainResult = { drained: 0, left: 0, failed: 0 };
    for (const [index, name] of names.entries()) {
      const path = join(this.dir, name);
      try {
        await handle(JSON.parse(await readFile(path, "utf8")) as T);
        await unlink(path);
        result.drained++;
      } catch (error) {
        if (isConnectionError(error)) {
          result.left = names.length - index;
          break;
        }
        this.logger.error({ err: error, record: name }, "a spooled record could not be applied; kept aside as .failed");
        await rename(path, `${path}.failed`);
        result.failed++;
      }
    }
    return result;
  }

  private async pendingNames(): Promise<string[]> {
    try {
      return (await readdir(this.dir)).filter((name) => name.endsWith(".json") && !name.startsWith(".")).sort();
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
      throw error;
    }
  }

  private async syncFolder(): Promise<void> {
    const folder = await open(this.dir, "r");
    try {
      await folder.sync();
    } finally {
      await folder.close();
    }
  }
}
