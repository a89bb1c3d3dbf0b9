// kafkajs's request queue class and version, for the fixes that replace its timers (kafkajs-timer-fixes.ts).
// kafkajs types none of its internals, so each fix describes the part it touches. The module is the one kafkajs's
// connections load: node resolves the same file for every importer.
// eslint-disable-next-line @typescript-eslint/no-require-imports
export const kafkajsRequestQueue: unknown = require("kafkajs/src/network/requestQueue/index.js");
// eslint-disable-next-line @typescript-eslint/no-require-imports
export const kafkajsVersion = (require("kafkajs/package.json") as { version: string }).version;

/** The kafkajs version the timer fixes replace code of; another version is left as it is (their tests say so). */
export const PATCHED_KAFKAJS_VERSION = "2.2.4";
