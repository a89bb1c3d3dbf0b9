import { mkdir, readFile, readdir, rename, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { createTransport } from "nodemailer";
import { uuidv7 } from "uuidv7";
import type { DevMailbox, MailMessage, Mailer, StoredMail } from "./mailer";

const ID = /^[0-9a-f-]{36}$/;

/**
 * The embedded mailer: each message becomes `<id>.json` (for the dev mailbox page)
 * and `<id>.eml` (the real MIME message nodemailer would send, for any mail client).
 * Ids are UUIDv7, so file names sort by time.
 */
export class MailboxMailer implements Mailer, DevMailbox {
  readonly kind = "mailbox" as const;
  private readonly composer = createTransport({ streamTransport: true, buffer: true, newline: "unix" });

  constructor(
    readonly directory: string,
    private readonly from: string,
  ) {}

  async send(message: MailMessage): Promise<void> {
    await mkdir(this.directory, { recursive: true });
    const stored: StoredMail = { ...message, id: uuidv7(), from: this.from, sentAt: new Date().toISOString() };
    const info = await this.composer.sendMail({ from: this.from, ...message });
    await writeFile(join(this.directory, `${stored.id}.eml`), info.message as Buffer);
    // Written under a temporary name first, so the listing never reads half a file.
    const path = join(this.directory, `${stored.id}.json`);
    await writeFile(`${path}.tmp`, JSON.stringify(stored, null, 2));
    await rename(`${path}.tmp`, path);
  }

  async list(): Promise<StoredMail[]> {
    const names = await readdir(this.directory).catch(() => [] as string[]);
    const ids = names.filter((name) => name.endsWith(".json")).map((name) => name.slice(0, -5));
    const messages = await Promise.all(ids.map((id) => this.read(id)));
    return messages.filter((mail): mail is StoredMail => mail !== undefined).sort((a, b) => b.id.localeCompare(a.id));
  }

  async read(id: string): Promise<StoredMail | undefined> {
    if (!ID.test(id)) return undefined;
    try {
      return JSON.parse(await readFile(join(this.directory, `${id}.json`), "utf8")) as StoredMail;
    } catch {
      return undefined;
    }
  }

  async close(): Promise<void> {}
}
