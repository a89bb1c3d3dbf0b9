/// <reference types="vitest/config" />
import { fileURLToPath, URL } from "node:url";
import { createHash } from "node:crypto";
import { gzipSync } from "node:zlib";
import { tanstackRouter } from "@tanstack/router-plugin/vite";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";

const LANDING_LIMIT_KB = 200;
const API_TARGET = process.env.REBOUND_API_URL ?? "http://localhost:3000";

/** Prints the gzip size of the JavaScript the landing route loads (entry, its static imports, the index route's chunks). */
function landingBudget(): Plugin {
  return {
    name: "rebound-landing-budget",
    apply: "build",
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((item) => item.type === "chunk");
      const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const seen = new Set<string>();
      const visit = (fileName: string) => {
        if (seen.has(fileName)) return;
        const chunk = byName.get(fileName);
        if (!chunk) return;
        seen.add(fileName);
        chunk.imports.forEach(visit);
      };
      chunks.filter((chunk) => chunk.isEntry).forEach((chunk) => visit(chunk.fileName));
      chunks.filter((chunk) => chunk.moduleIds.some((id) => /src\/routes\/index\.tsx/.test(id))).forEach((chunk) => visit(chunk.fileName));
      const sizes = [...seen].map((fileName) => ({ fileName, gzip: gzipSync(byName.get(fileName)!.code).length }));
      const bytes = sizes.reduce((sum, item) => sum + item.gzip, 0);
      if (process.env.REBOUND_BUDGET_DETAIL) {
        sizes.sort((a, b) => b.gzip - a.gzip).forEach((item) => console.log(`  ${(item.gzip / 1024).toFixed(1).padStart(7)} KB  ${item.fileName}`));
        const modules = [...seen].flatMap((fileName) => Object.entries(byName.get(fileName)!.modules));
        const groups = new Map<string, number>();
        modules.forEach(([id, info]) => {
          const key = id.includes("node_modules/")
            ? id
                .split("node_modules/")
                .pop()!
                .split("/")
                .slice(0, id.includes("node_modules/@") ? 2 : 1)
                .join("/") + (id.includes("/antd/") ? "/" + id.split("/antd/es/")[1]?.split("/")[0] : "")
            : id.replace(/.*\/work\/main\//, "");
          groups.set(key, (groups.get(key) ?? 0) + info.renderedLength);
        });
        if (process.env.REBOUND_BUDGET_WHY) {
          modules
            .filter(([id]) => id.includes(process.env.REBOUND_BUDGET_WHY!))
            .slice(0, 8)
            .forEach(([id]) => console.log(`    why ${id} <- ${this.getModuleInfo(id)?.importers.slice(0, 12).join(", ")}`));
        }
        [...groups]
          .sort((a, b) => b[1] - a[1])
          .slice(0, 45)
          .forEach(([key, size]) => console.log(`    ${(size / 1024).toFixed(1).padStart(7)} KB raw  ${key}`));
      }
      const kb = bytes / 1024;
      const line = `landing route JavaScript: ${kb.toFixed(1)} KB gzip in ${seen.size} chunks (budget ${LANDING_LIMIT_KB} KB)`;
      this.info(line);
      console.log(`\n${line}`);
      if (kb > LANDING_LIMIT_KB && !process.env.REBOUND_BUDGET_DETAIL) this.error(`${line}: over budget`);
    },
  };
}

/** Public pages whose route chunks are worth fetching before the app's code has even run. */
const PRELOADED_ROUTES: Record<string, string> = {
  "/": "index",
  "/login": "login",
  "/register": "register",
  "/calculator": "calculator.index",
  "/calculator/results": "calculator.results",
  "/forgot-password": "forgot-password",
  "/reset-password": "reset-password",
  "/verify-email": "verify-email",
  "/installation-guide": "installation-guide",
  "/help": "help",
  "/about": "about",
  "/privacy": "privacy",
  "/terms": "terms",
};

/**
 * The router asks for a page's chunks only once the entry and everything it imports have loaded and
 * run: two waves of downloads before the first paint. A tiny script (external: the CSP allows no
 * inline script), first in index.html, adds modulepreload links for the current path's chunks, so
 * both waves download together.
 */
function routePreload(): Plugin {
  return {
    name: "rebound-route-preload",
    apply: "build",
    enforce: "post",
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((item) => item.type === "chunk");
      const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const closure = (start: string[]) => {
        const seen = new Set<string>();
        const visit = (fileName: string) => {
          if (seen.has(fileName) || !byName.has(fileName)) return;
          seen.add(fileName);
          byName.get(fileName)!.imports.forEach(visit);
        };
        start.forEach(visit);
        return seen;
      };
      const entry = closure(chunks.filter((chunk) => chunk.isEntry).map((chunk) => chunk.fileName));
      const map: Record<string, string[]> = {};
      for (const [path, file] of Object.entries(PRELOADED_ROUTES)) {
        const own = chunks.filter((chunk) => chunk.moduleIds.some((id) => id.includes(`/src/routes/${file}.tsx`))).map((chunk) => chunk.fileName);
        const files = [...closure(own)].filter((fileName) => !entry.has(fileName));
        if (files.length) map[path] = files;
      }
      const source = `const files=${JSON.stringify(map)}[location.pathname.replace(/(.)\\/$/,"$1")]||[];for(const file of files){const link=document.createElement("link");link.rel="modulepreload";link.crossOrigin="";link.href="/"+file;document.head.append(link);}\n`;
      const fileName = `assets/route-preload-${createHash("sha256").update(source).digest("hex").slice(0, 8)}.js`;
      this.emitFile({ type: "asset", fileName, source });
      const html = bundle["index.html"];
      if (html?.type === "asset" && typeof html.source === "string") {
        html.source = html.source.replace(/(\s*)<script type="module"/, `$1<script type="module" async src="/${fileName}"></script>$1<script type="module"`);
      }
    },
  };
}

export default defineConfig({
  plugins: [
    tanstackRouter({ target: "react", autoCodeSplitting: true, routesDirectory: "src/routes", generatedRouteTree: "src/route-tree.gen.ts" }),
    react(),
    landingBudget(),
    routePreload(),
  ],
  resolve: {
    alias: {
      "@/": fileURLToPath(new URL("./src/", import.meta.url)),
      "@rebound/contracts/domain": fileURLToPath(new URL("../proto/src/domain/index.ts", import.meta.url)),
    },
  },
  server: {
    port: 5173,
    proxy: Object.fromEntries(
      ["/api", "/dev"].map((path) => [
        path,
        {
          target: API_TARGET,
          changeOrigin: true,
          // The gateway refuses state-changing calls from other origins: present the gateway's own.
          configure: (proxy) => proxy.on("proxyReq", (req) => req.setHeader("origin", API_TARGET)),
        },
      ]),
    ),
  },
  build: {
    target: "es2022",
    sourcemap: false,
    chunkSizeWarningLimit: 700,
    rollupOptions: {
      // The contracts' domain modules are pure (top-level zod schemas included): unused ones are dropped.
      // @rc-component/form declares no sideEffects field although it has none: its barrel would put the whole form library on the landing page.
      treeshake: { moduleSideEffects: (id: string) => !/\/proto\/src\/domain\/|node_modules\/@rc-component\/form\//.test(id) },
      experimental: { lazyBarrel: true },
    },
  },
  test: {
    environment: "jsdom",
    globals: true,
    setupFiles: ["./src/test/setup.ts"],
    include: ["src/**/*.test.{ts,tsx}"],
    css: false,
    testTimeout: 15000,
  },
});
