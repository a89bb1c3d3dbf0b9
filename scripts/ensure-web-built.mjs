// `npm start` calls this: builds the web app (web/dist) when it is missing or older than
// its sources, so the one start command always serves the current user interface.
import { execSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const web = join(root, "web");
const built = join(web, "dist", "index.html");
const mtime = (path) => (existsSync(path) ? statSync(path).mtimeMs : 0);
const newestIn = (path) => {
  if (!existsSync(path)) return 0;
  if (!statSync(path).isDirectory()) return mtime(path);
  return Math.max(
    0,
    ...readdirSync(path, { recursive: true })
      .map(String)
      .filter((entry) => !entry.includes("node_modules") && !entry.endsWith(".test.ts") && !entry.endsWith(".test.tsx"))
      .map((entry) => mtime(join(path, entry))),
  );
};

const sources = [
  join(web, "src"),
  join(web, "public"),
  join(web, "index.html"),
  join(web, "vite.config.ts"),
  join(web, "package.json"),
  join(root, "proto", "src", "domain"),
];
const builtAt = mtime(built);
const newestSource = Math.max(...sources.map(newestIn));

if (builtAt === 0 || newestSource > builtAt) {
  console.log(`web: ${builtAt === 0 ? "no build in web/dist" : "web/dist is older than its sources"}, building the web app (npm run build -w web)...`);
  // Always the production bundle: with NODE_ENV=development (as `npm start` may run) Vite would
  // build React's development bundle, which is larger, slower and over the landing budget.
  execSync("npm run --silent build -w web", { cwd: root, env: { ...process.env, NODE_ENV: "production" }, stdio: ["ignore", "ignore", "inherit"] });
} else {
  console.log("web: web/dist is up to date");
}
