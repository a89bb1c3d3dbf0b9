import type { AddressInfo } from "node:net";
import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer } from "smtp-server";
import { createMailer } from "@rebound/providers/mail";
import { json, signUp, startIdentity, type IdentityHarness } from "./identity-harness";

let smtp: SMTPServer;
let port: number;
const received: ParsedMail[] = [];
let identity: IdentityHarness;

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    onData(stream, _session, callback) {
      simpleParser(stream).then(
        (mail) => {
          received.push(mail);
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  port = (smtp.server.address() as AddressInfo).port;
  const mailer = createMailer({ SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: "Rebound <no-reply@rebound.test>", DATA_DIR: "./unused" });
  identity = await startIdentity({ mailer });
});

afterAll(async () => {
  await identity.stop();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

async function delivered(to: string): Promise<ParsedMail> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const mail = received.find((candidate) => candidate.to && !Array.isArray(candidate.to) && candidate.to.text === to);
    if (mail) return mail;
    if (Date.now() > deadline) throw new Error(`no e-mail to ${to} reached the SMTP server`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe("SMTP mailer", () => {
  it("given SMTP_URL, when someone signs up, then the verification e-mail reaches the SMTP server as HTML + text and its link verifies the account", async () => {
    const input = signUp();
    const user = await json(await identity.internal("/register", input));
    const mail = await delivered(String(input.email));

    expect(mail.subject).toBe("Verify your email for Rebound");
    expect(mail.from?.text).toBe('"Rebound" <no-reply@rebound.test>');
    expect(mail.text).toContain("Rebound");
    expect(typeof mail.html).toBe("string");
    const link = /href="(https:\/\/rebound\.test\/verify-email\?token=[\w-]+)"/.exec(String(mail.html))?.[1];
    expect(link).toBeDefined();
    const token = new URL(String(link)).searchParams.get("token");

    const verify = await identity.api("POST", "/api/auth/verify-email", { token });
    expect(verify.status).toBe(200);
    const current = await identity.api("GET", "/api/auth/user", undefined, { id: String(user.id), email: String(user.email) });
    expect((await json(current)).isEmailVerified).toBe(true);
  });

  it("given the SMTP mailer, when /dev/mailbox is asked for, then it does not exist", async () => {
    expect((await fetch(`${identity.running.url}/dev/mailbox`)).status).toBe(404);
  });
});
