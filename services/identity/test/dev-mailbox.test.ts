import { json, signUp, startIdentity, type IdentityHarness } from "./identity-harness";

describe("GET /dev/mailbox", () => {
  let identity: IdentityHarness;
  beforeAll(async () => {
    identity = await startIdentity();
  });
  afterAll(async () => {
    await identity.stop();
  });

  it("given the embedded mailer, when someone signs up, then the mailbox page lists the e-mail with its link and the message page shows it", async () => {
    const input = signUp({ firstName: "<Script>" });
    await identity.internal("/register", input);
    const mail = await identity.mailTo(String(input.email));

    const list = await fetch(`${identity.running.url}/dev/mailbox`);
    expect(list.status).toBe(200);
    expect(list.headers.get("content-type")).toContain("text/html");
    const page = await list.text();
    expect(page).toContain(String(input.email));
    expect(page).toMatch(/<a href="https:\/\/rebound\.test\/verify-email\?token=[\w-]+">/);
    expect(page).toContain(`href="/dev/mailbox/${mail.id}"`);

    const message = await (await fetch(`${identity.running.url}/dev/mailbox/${mail.id}`)).text();
    expect(message).toContain("Verify your email for Rebound");
    expect(message).not.toContain("<Script>");
    expect((await fetch(`${identity.running.url}/dev/mailbox/not-an-id`)).status).toBe(404);
  });

  it("given the embedded mailer, when a message is sent, then a real MIME .eml is written beside it", async () => {
    const input = signUp();
    await identity.internal("/register", input);
    const mail = await identity.mailTo(String(input.email));
    const { readFile } = await import("node:fs/promises");
    const { join } = await import("node:path");
    const eml = await readFile(join(identity.mailbox.directory, `${mail.id}.eml`), "utf8");
    expect(eml).toContain("Subject: Verify your email for Rebound");
    expect(eml).toContain("multipart/alternative");
  });
});

describe("GET /dev/mailbox in production", () => {
  it("given NODE_ENV=production, when the mailbox is asked for, then it does not exist", async () => {
    const identity = await startIdentity({ config: { NODE_ENV: "production" } });
    try {
      const response = await fetch(`${identity.running.url}/dev/mailbox`);
      expect(response.status).toBe(404);
      expect((await json(response)).code).toBe("NOT_FOUND");
    } finally {
      await identity.stop();
    }
  });
});
