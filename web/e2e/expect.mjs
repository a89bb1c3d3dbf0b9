import assert from "node:assert/strict";

/** A tiny expect for the browser tests (no test framework needed). */
export function expect(actual, label = "value") {
  return {
    toBe: (expected) => assert.equal(actual, expected, `${label}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`),
    toEqual: (expected) => assert.deepEqual(actual, expected),
    toContain: (part) => assert.ok(String(actual).includes(part), `${label}: expected ${JSON.stringify(actual)} to contain ${JSON.stringify(part)}`),
  };
}
