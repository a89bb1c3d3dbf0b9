/**
 * zod 4 probes `new Function("")` and compiles object parsers with it unless `jitless` is set;
 * the gateway's CSP allows no eval, so the probe alone logs a CSP violation (Lighthouse's
 * "issues" audit). zod keeps its settings on `globalThis.__zod_globalConfig`, an object shared by
 * every copy of zod and created only when missing, so setting the flag there before any schema
 * runs is the same as `z.config({ jitless: true })` without putting zod into the landing bundle
 * (zod-jitless.test.ts checks that zod reads it).
 */
export function makeZodJitless(): void {
  const holder = globalThis as { __zod_globalConfig?: Record<string, unknown> };
  holder.__zod_globalConfig ??= {};
  holder.__zod_globalConfig.jitless = true;
}
