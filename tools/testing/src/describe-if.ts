/**
 * `describe` when the suite's infrastructure is configured, else `describe.skip` with the reason
 * in its title: jest then counts the suite's tests as skipped, never as passed.
 */
export function describeIf(condition: boolean, reason: string): (name: string, fn: () => void) => void {
  return condition ? (name, fn) => describe(name, fn) : (name, fn) => describe.skip(`${name} (skipped: ${reason})`, fn);
}
