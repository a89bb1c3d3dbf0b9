// infra/k6: every script parses (acorn) and imports only k6 modules (or its neighbours).
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { parse as parseJs, type Program } from "acorn";
import { assertNoProblems, errorMessage } from "../lib/assert";
import type { DeployCheck } from "../check";
import { read, root } from "../lib/repo";

export const k6Scripts: DeployCheck = {
  name: "k6 scripts parse and import only k6 modules",
  run: async () => {
    const dir = join(root, "infra/k6");
    const files = readdirSync(dir).filter((f) => f.endsWith(".js"));
    const problems: string[] = [];
    for (const file of files) {
      const source = readFileSync(join(dir, file), "utf8");
      let ast: Program;
      try {
        ast = parseJs(source, { ecmaVersion: "latest", sourceType: "module" });
      } catch (error) {
        problems.push(`${file}: ${errorMessage(error)}`);
        continue;
      }
      for (const node of ast.body) {
        if (node.type !== "ImportDeclaration") continue;
        const from = String(node.source.value);
        if (!(from === "k6" || from.startsWith("k6/") || (from.startsWith("./") && existsSync(join(dir, from))))) problems.push(`${file}: imports ${from}`);
      }
    }
    const callPath = read("infra/k6/call-path.js");
    for (const phrase of ["ramping-arrival-rate", "rate<0.001", "p(95)<100", "/webhooks/twilio/voice", "/dev/simulator/messages", "X-Twilio-Signature"]) {
      if (!callPath.includes(phrase)) problems.push(`call-path.js lacks ${phrase}`);
    }
    if (!read("infra/k6/dashboard.js").includes("/api/login")) problems.push("dashboard.js does not sign in");
    assertNoProblems(problems, "problems");
    return { detail: files.join(", ") };
  },
};
