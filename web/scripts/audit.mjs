// `npm run audit:web`: Lighthouse 12 (desktop preset, Debian's Chromium) on the landing,
// calculator, login and register pages, and axe-core on every public route. Fails on a
// serious or critical axe violation.
import AxeBuilder from "@axe-core/playwright";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import desktopConfig from "lighthouse/core/config/desktop-config.js";
import { launchBrowser, CHROMIUM_ARGS } from "../e2e/browser.mjs";
import { startProduct } from "../e2e/harness.mjs";

const LIGHTHOUSE_PAGES = (process.env.AUDIT_PAGES ?? "/,/calculator,/login,/register").split(",");
const AXE_PAGES = [
  "/",
  "/calculator",
  "/calculator/results",
  "/login",
  "/register",
  "/forgot-password",
  "/reset-password",
  "/reset-password?token=abc",
  "/verify-email",
  "/installation-guide",
  "/help",
  "/about",
  "/privacy",
  "/terms",
  "/no-such-page",
];

const product = await startProduct();
let failed = false;
try {
  const chrome = await chromeLauncher.launch({ chromePath: process.env.CHROME_PATH ?? "/usr/bin/chromium", chromeFlags: CHROMIUM_ARGS });
  try {
    console.log("Lighthouse (desktop)      perf  a11y  best   seo");
    for (const path of LIGHTHOUSE_PAGES) {
      // Lighthouse itself sometimes fails to record the page load (NO_NAVSTART and the like: the
      // scores then read 0); such a run is repeated, up to twice, and the error shown if it stays.
      let result;
      for (let attempt = 1; attempt <= 3; attempt++) {
        result = await lighthouse(`${product.baseUrl}${path}`, { port: chrome.port, output: "json", logLevel: "error" }, desktopConfig);
        if (!result.lhr.runtimeError) break;
        console.log(`   lighthouse runtime error (attempt ${attempt} of 3): ${result.lhr.runtimeError.code} ${result.lhr.runtimeError.message}`);
      }
      const categories = result.lhr.categories;
      const score = (key) => String(Math.round((categories[key]?.score ?? 0) * 100)).padStart(5);
      console.log(`${path.padEnd(24)} ${score("performance")} ${score("accessibility")} ${score("best-practices")} ${score("seo")}`);
      const failing = Object.values(result.lhr.audits).filter((audit) => audit.score !== null && audit.score < 1 && audit.scoreDisplayMode === "binary");
      if (failing.length) console.log(`   not passing: ${failing.map((audit) => audit.id).join(", ")}`);
    }
  } finally {
    await chrome.kill();
  }

  const browser = await launchBrowser();
  try {
    console.log("\naxe-core (serious or critical violations)");
    for (const width of [1440, 390]) {
      const context = await browser.newContext({ viewport: { width, height: 900 } });
      const page = await context.newPage();
      for (const path of AXE_PAGES) {
        await page.goto(`${product.baseUrl}${path}`, { waitUntil: "load" });
        await page.waitForTimeout(700);
        const { violations } = await new AxeBuilder({ page }).analyze();
        const bad = violations.filter((violation) => violation.impact === "serious" || violation.impact === "critical");
        const minor = violations.length - bad.length;
        console.log(
          `${String(width).padEnd(5)} ${path.padEnd(28)} ${bad.length ? `✗ ${bad.map((violation) => `${violation.id} (${violation.nodes.length})`).join(", ")}` : "✓ none"}${minor ? `  [${minor} minor/moderate]` : ""}`,
        );
        if (bad.length) {
          failed = true;
          for (const violation of bad)
            console.log(
              `      ${violation.id}: ${violation.nodes
                .slice(0, 3)
                .map((node) => node.target.join(" "))
                .join(" | ")}`,
            );
        }
      }
      await context.close();
    }
  } finally {
    await browser.close();
  }
} finally {
  await product.stop();
}
process.exit(failed ? 1 : 0);
