// Browser tests: playwright-core drives Debian's Chromium against a freshly started standalone
// build (`npm run e2e`). Each test saves screenshots at 1440 and 390 px in e2e/screenshots/.
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { launchBrowser } from "./browser.mjs";
import { mailboxLink, ROOT, startProduct } from "./harness.mjs";
import { tests } from "./tests.mjs";

const SHOTS = join(ROOT, "web", "e2e", "screenshots");
mkdirSync(SHOTS, { recursive: true });

const only = process.argv[2];
const started = Date.now();
const product = await startProduct();
const browser = await launchBrowser();

const results = [];
try {
  for (const test of tests.filter((item) => !only || item.name.includes(only))) {
    const context = await browser.newContext({ viewport: { width: test.width ?? 1440, height: 900 }, baseURL: product.baseUrl });
    const page = await context.newPage();
    const errors = [];
    page.on("pageerror", (error) => errors.push(error.message));
    const t0 = Date.now();
    const shot = async (label = "end") => {
      const size = page.viewportSize();
      for (const width of [1440, 390]) {
        await page.setViewportSize({ width, height: 900 });
        await page.waitForTimeout(150);
        await page.screenshot({ path: join(SHOTS, `${test.name.replace(/[^a-z0-9]+/gi, "-")}-${label}-${width}.png`), fullPage: false });
      }
      await page.setViewportSize(size);
    };
    try {
      await test.run({ page, context, baseUrl: product.baseUrl, shot, mailboxLink: (email, part) => mailboxLink(product.baseUrl, email, part) });
      if (errors.length) throw new Error(`uncaught page errors: ${errors.join("; ")}`);
      await shot();
      results.push({ name: test.name, status: "passed", ms: Date.now() - t0 });
    } catch (error) {
      await page.screenshot({ path: join(SHOTS, `${test.name.replace(/[^a-z0-9]+/gi, "-")}-FAILED.png`) }).catch(() => undefined);
      results.push({ name: test.name, status: "failed", ms: Date.now() - t0, error: error instanceof Error ? error.message : String(error) });
    } finally {
      await context.close();
    }
  }
} finally {
  await browser.close();
  await product.stop();
}

for (const result of results) {
  const mark = { passed: "✓", failed: "✗", skipped: "-" }[result.status];
  console.log(`${mark} ${result.name}${result.ms ? ` (${result.ms} ms)` : ""}${result.reason ? ` [skipped: ${result.reason}]` : ""}`);
  if (result.error) console.log(`    ${result.error.split("\n").join("\n    ")}`);
}
const count = (status) => results.filter((result) => result.status === status).length;
console.log(
  `\n${count("passed")} passed, ${count("failed")} failed, ${count("skipped")} skipped in ${((Date.now() - started) / 1000).toFixed(1)} s; screenshots in web/e2e/screenshots/`,
);
process.exit(count("failed") ? 1 : 0);
