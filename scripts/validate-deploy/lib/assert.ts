// How checks and helpers fail: by throwing, with the message the runner prints.

export function assert(condition: unknown, message: string): asserts condition {
  if (!condition) throw new Error(message);
}

export function assertNoProblems(problems: string[], what: string): void {
  if (problems.length) throw new Error(`${problems.length} ${what}:\n${problems.slice(0, 40).join("\n")}${problems.length > 40 ? "\n..." : ""}`);
}

export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
