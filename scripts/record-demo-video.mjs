// npm run record:demo-video: records the landing page's product video from the product itself.
// A fresh standalone (the built web app, the carrier simulator), an owner set up through the
// public API (registered for US texting, A2P 10DLC, and approved: the caller is a US number, texted
// only once the business is), then Debian's Chromium visits the screens an owner sees: the landing
// page, Setup with their code, Configure with the live preview, a simulated missed call answered by a
// text on the Test screen, and Your Results. Frames become web/public/demo/rebound-demo.webm (VP9, no
// sound; and rebound-demo.mp4, H.264) with English captions beside them (rebound-demo.vtt), which
// the landing page embeds.
//
// Needs ffmpeg (Debian: apt-get install -y ffmpeg) and a built web app (npm run build:web).
// Not part of CI: the video is committed, this script is how it is made again after the UI changes.
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { launchBrowser } from "../web/e2e/browser.mjs";
import { mailboxLink, ROOT, startProduct } from "../web/e2e/harness.mjs";

const OUT_DIR = join(ROOT, "web/public/demo");
const VIEWPORT = { width: 1280, height: 800 };
const PASSWORD = "demo-password-1";
const CALLER = "+12025550147";
/** The standard (EIN) US texting registration the owner submits in Setup → Texting registration. */
const TEXTING_REGISTRATION = {
  kind: "standard",
  legalName: "Sunrise Plumbing LLC",
  ein: "12-3456789",
  businessType: "Limited Liability Corporation",
  industry: "CONSTRUCTION",
  website: "https://sunrise-plumbing.example",
  street: "1 Congress Ave",
  city: "Austin",
  region: "TX",
  postalCode: "78701",
  country: "US",
  contactFirstName: "Maria",
  contactLastName: "Lopez",
  contactEmail: "maria@sunrise-plumbing.example",
  contactPhone: "(512) 555-0123",
};
/** Messaging e-mails the owner this once it knows of the approval, so the next US caller is texted. */
const TEXTING_LIVE_SUBJECT = "Texting is live for US callers";
// The product this script starts approves a texting registration in a second or two instead of 3 s + 5 s
// (E2E_BASE_URL: the running product's own settings apply).
for (const [name, value] of Object.entries({
  SIMULATOR_A2P_BRAND_APPROVAL_MS: "1000",
  SIMULATOR_A2P_CAMPAIGN_APPROVAL_MS: "1000",
  TEXTING_REGISTRATION_TICK_MS: "250",
})) {
  process.env[name] ??= value;
}

const frameDir = mkdtempSync(join(tmpdir(), "rebound-demo-frames-"));
/** Every frame with how long it stays on screen, and the captions by time. */
const frames = [];
const cues = [];
let elapsed = 0;

async function frame(page, seconds) {
  // Let lazy parts (the account menu), fonts and antd's transitions finish.
  await page.waitForLoadState("networkidle");
  await page.waitForTimeout(350);
  const file = join(frameDir, `f${String(frames.length).padStart(4, "0")}.png`);
  await page.screenshot({ path: file });
  frames.push({ file, seconds });
  elapsed += seconds;
}

/** One caption over the frames `shoot` takes. */
async function scene(caption, shoot) {
  const start = elapsed;
  await shoot();
  cues.push({ start, end: elapsed, caption });
}

/** Scrolls `locator` to the middle of the viewport at once (no smooth scrolling mid-frame). */
async function centre(locator) {
  await locator.evaluate((element) => element.scrollIntoView({ block: "center", behavior: "instant" }));
}

/** A signed-in page once its navigation bar has the account menu. */
async function openSignedIn(page, path) {
  await page.goto(path);
  await page.getByRole("button", { name: /Account menu/ }).waitFor();
}

async function setUpOwner(request, baseUrl) {
  const email = `demo-${Date.now()}@example.com`;
  const ok = async (response, what) => {
    if (!response.ok()) throw new Error(`${what}: ${response.status()} ${await response.text()}`);
    return response.json();
  };
  await ok(
    await request.post("/api/register", {
      data: {
        email,
        password: PASSWORD,
        confirmPassword: PASSWORD,
        firstName: "Maria",
        lastName: "Lopez",
        subscriptionPlan: "professional",
        billingFrequency: "monthly",
        // The trial starts with a card (the payment simulator's test card): a dedicated number needs a plan.
        paymentMethodId: "pm_card_visa",
      },
    }),
    "register",
  );
  for (let attempt = 0; !(await request.get("/api/business")).ok(); attempt++) {
    if (attempt > 100) throw new Error("the business was never created");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const link = new URL(await mailboxLink(baseUrl, email, "/verify-email?token="));
  await ok(await request.post("/api/auth/verify-email", { data: { token: link.searchParams.get("token") } }), "verify e-mail");
  await ok(await request.patch("/api/user/mark-tutorial-seen"), "tutorial seen");
  const { numbers } = await ok(await request.get("/api/phone-numbers/search/512"), "number search");
  await ok(await request.post("/api/phone-numbers/purchase", { data: { phoneNumber: numbers[0].phoneNumber } }), "number purchase");
  await ok(await request.patch("/api/business/profile", { data: { businessName: "Sunrise Plumbing", businessPhone: "+15125550123" } }), "profile");
  await ok(
    await request.post("/api/business", {
      data: {
        customMessage: "Hi, this is [Business Name]. Sorry we missed your call! We'll call you back within the hour.",
        afterHoursEnabled: false,
        afterHoursMessage: "",
        smsAutoReplyEnabled: false,
        smsAutoReplyMessage: "",
        timeZone: "America/Chicago",
        isActive: true,
      },
    }),
    "business settings",
  );
  // US texting registration: the card in Setup shows it approved, and the Test screen's US caller is texted.
  await ok(await request.post("/api/texting-registration", { data: TEXTING_REGISTRATION }), "texting registration");
  const deadline = Date.now() + 120_000;
  for (;;) {
    const registration = await ok(await request.get("/api/texting-registration"), "texting registration status");
    if (registration.status === "approved") break;
    if (registration.status === "failed" || Date.now() > deadline) throw new Error(`texting registration not approved: ${JSON.stringify(registration)}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  for (;;) {
    const html = await (await fetch(`${baseUrl}/dev/mailbox`)).text();
    if (html.split("<tr>").some((row) => row.includes(`<td>${email}</td>`) && row.includes(TEXTING_LIVE_SUBJECT))) break;
    if (Date.now() > deadline) throw new Error(`no "${TEXTING_LIVE_SUBJECT}" e-mail to ${email}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

async function main() {
  const product = await startProduct();
  const browser = await launchBrowser();
  try {
    const visitor = await browser.newPage({ viewport: VIEWPORT, baseURL: product.baseUrl });
    await scene("Miss a call, and Rebound texts your caller back within seconds.", async () => {
      await visitor.goto("/");
      await visitor.getByRole("heading", { level: 1 }).waitFor();
      await frame(visitor, 3.5);
    });
    await visitor.close();

    const context = await browser.newContext({ viewport: VIEWPORT, baseURL: product.baseUrl });
    await setUpOwner(context.request, product.baseUrl);
    const page = await context.newPage();

    await scene("Keep your number: one code forwards the calls you miss to your Rebound number.", async () => {
      await openSignedIn(page, "/app/setup");
      await page.getByTestId("universal-code").waitFor();
      await frame(page, 3);
      await centre(page.getByRole("region", { name: "On your phone" }));
      await frame(page, 3);
    });

    await scene("Write the text your callers get. The preview shows it as they will read it.", async () => {
      await openSignedIn(page, "/app/configure");
      await page.getByTestId("preview-missed-call").waitFor();
      await frame(page, 4);
    });

    await scene("A call goes unanswered. Seconds later, your caller has your text.", async () => {
      await openSignedIn(page, "/app/test");
      await centre(page.getByTestId("phone-view"));
      await page.getByLabel("Caller's number").fill(CALLER);
      await frame(page, 1.5);
      await page.getByRole("button", { name: "Simulate a missed call" }).click();
      await page.getByTestId("phone-view").locator("[data-kind=in]").first().waitFor({ timeout: 15_000 });
      await frame(page, 4);
    });

    await scene("Your Results: every missed call, every text, and who you won back.", async () => {
      await openSignedIn(page, "/app/analytics");
      for (let attempt = 0; attempt < 30; attempt++) {
        await page.getByTestId("stat-total-calls").waitFor({ timeout: 15_000 });
        if (Number(await page.getByTestId("stat-total-calls").innerText()) >= 1 && (await page.getByTestId("recent-sms").count())) break;
        await page.waitForTimeout(500);
        await page.reload();
      }
      await frame(page, 3);
      await centre(page.getByTestId("recent-calls"));
      await frame(page, 3);
    });
  } finally {
    await browser.close();
    await product.stop();
  }

  mkdirSync(OUT_DIR, { recursive: true });
  // ffmpeg's concat list: each frame with its duration (the last is listed twice, as the format requires).
  const list = frames.flatMap(({ file, seconds }) => [`file '${file}'`, `duration ${seconds}`]).concat(`file '${frames.at(-1).file}'`);
  writeFileSync(join(frameDir, "frames.txt"), `${list.join("\n")}\n`);
  // VP9 in WebM, and H.264 in MP4 for the browsers without VP9 (older iPhones).
  const input = ["-y", "-loglevel", "error", "-f", "concat", "-safe", "0", "-i", join(frameDir, "frames.txt"), "-vf", "fps=8,format=yuv420p", "-an"];
  const video = join(OUT_DIR, "rebound-demo.webm");
  const mp4 = join(OUT_DIR, "rebound-demo.mp4");
  execFileSync("ffmpeg", [...input, "-c:v", "libvpx-vp9", "-b:v", "0", "-crf", "40", "-row-mt", "1", video], { stdio: "inherit" });
  execFileSync("ffmpeg", [...input, "-c:v", "libx264", "-crf", "30", "-preset", "slow", "-movflags", "+faststart", mp4], { stdio: "inherit" });
  const time = (seconds) => new Date(seconds * 1000).toISOString().slice(11, 23);
  const vtt = ["WEBVTT", "", ...cues.flatMap((cue, index) => [`${index + 1}`, `${time(cue.start)} --> ${time(cue.end)}`, cue.caption, ""])].join("\n");
  writeFileSync(join(OUT_DIR, "rebound-demo.vtt"), vtt);
  rmSync(frameDir, { recursive: true, force: true });
  const kb = (file) => `${Math.round(statSync(file).size / 1024)} KB`;
  console.log(`${video} (${kb(video)}) and ${mp4} (${kb(mp4)}): ${elapsed.toFixed(1)} s, ${frames.length} frames; captions beside them`);
}

main().catch((error) => {
  console.error(error);
  rmSync(frameDir, { recursive: true, force: true });
  process.exit(1);
});
