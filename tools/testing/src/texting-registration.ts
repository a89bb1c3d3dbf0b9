// US texting registration (A2P 10DLC) as an owner does it, for whole-product tests whose subject is
// something else: carriers block texts from unregistered US numbers, so an owner who expects US
// callers to be texted registers first (docs/texting-registration.md).

/** A standard brand (EIN) registration the carrier simulator approves. */
export const STANDARD_TEXTING_REGISTRATION = {
  kind: "standard",
  legalName: "Ada Plumbing LLC",
  ein: "12-3456789",
  businessType: "Limited Liability Corporation",
  industry: "CONSTRUCTION",
  website: "https://ada-plumbing.example",
  street: "1 Main St",
  city: "San Francisco",
  region: "CA",
  postalCode: "94103",
  country: "US",
  contactFirstName: "Ada",
  contactLastName: "Owner",
  contactEmail: "ada@ada-plumbing.example",
  contactPhone: "(415) 555-0142",
} as const;

/**
 * Settings of a standalone under test that approve a registration in well under a second (the
 * simulator's verdicts and telephony's registration job); `npm start` keeps its seconds-long defaults.
 */
export const QUICK_TEXTING_REGISTRATION_ENV = {
  SIMULATOR_A2P_BRAND_APPROVAL_MS: "100",
  SIMULATOR_A2P_CAMPAIGN_APPROVAL_MS: "100",
  TEXTING_REGISTRATION_TICK_MS: "100",
} as const;

/** The subject of the e-mail messaging sends once it knows the approval (the next call is texted). */
export const TEXTING_LIVE_EMAIL_SUBJECT = "Rebound: Texting is live for US callers";

type Call = (method: string, path: string, body?: unknown) => Promise<{ status: number; body: unknown }>;

/**
 * Registers the signed-in owner's business (it has bought its number) and waits until US texting is
 * live: the registration `approved`, then the owner's "Texting is live" e-mail in the dev mailbox,
 * which messaging sends only after it has applied the approval.
 */
export async function registerUsTexting(call: Call, baseUrl: string, ownerEmail: string, timeoutMs = 60_000): Promise<void> {
  const submitted = await call("POST", "/api/texting-registration", STANDARD_TEXTING_REGISTRATION);
  if (submitted.status !== 202) throw new Error(`texting registration refused: ${JSON.stringify(submitted)}`);
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    last = (await call("GET", "/api/texting-registration")).body;
    const status = (last as { status?: string }).status;
    if (status === "approved") break;
    if (status === "failed" || Date.now() > deadline) throw new Error(`texting registration not approved: ${JSON.stringify(last)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  for (;;) {
    const html = await (await fetch(`${baseUrl}/dev/mailbox`)).text();
    const rows = html.split("<tr>");
    if (rows.some((row) => row.includes(`<td>${ownerEmail}</td>`) && row.includes(TEXTING_LIVE_EMAIL_SUBJECT))) return;
    if (Date.now() > deadline) throw new Error(`no "${TEXTING_LIVE_EMAIL_SUBJECT}" e-mail to ${ownerEmail} in the dev mailbox`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
