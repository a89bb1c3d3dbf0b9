// The project's `prisma migrate`: runs the WebAssembly schema engine, so it needs no
// downloaded binary. See run-cli.ts for the commands.
import { runCli } from "./run-cli";

void runCli({
  argv: process.argv.slice(2),
  cwd: process.cwd(),
  env: process.env,
  out: (line) => console.log(line),
  err: (line) => console.error(line),
}).then((code) => {
  process.exitCode = code;
});
