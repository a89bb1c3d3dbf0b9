import fc from "fast-check";
import type { z } from "zod";

// fast-check arbitraries derived from zod 4 schemas (zod-fast-check supports zod 3 only): the
// shape a request schema accepts (objects, optional and nullable keys, defaults, enums, literals,
// string lengths, formats and patterns, number bounds, arrays, unions, pipes). Refinements and
// transforms are code, so fields whose valid values are semantic (phone numbers, time zones) take
// an override by path ("businessHours.monday.open", "doNotTextNumbers[]").

export type Overrides = Record<string, fc.Arbitrary<unknown>>;

/** The structural parts of zod 4's internal definition that generation reads. */
interface Def {
  type: string;
  shape?: Record<string, z.ZodType>;
  innerType?: z.ZodType;
  element?: z.ZodType;
  options?: z.ZodType[];
  in?: z.ZodType;
  out?: z.ZodType;
  entries?: Record<string, string | number>;
  values?: unknown[];
  keyType?: z.ZodType;
  valueType?: z.ZodType;
  format?: string;
  pattern?: RegExp;
  coerce?: boolean;
  checks?: Array<{ _zod: { def: Check } }>;
}
interface Check {
  check: string;
  minimum?: number;
  maximum?: number;
  length?: number;
  value?: number;
  inclusive?: boolean;
  format?: string;
  pattern?: RegExp;
}

const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;
const checksOf = (def: Def): Check[] => (def.checks ?? []).map((check) => check._zod.def);

/** Text a valid body carries: printable ASCII, so only the mutations bring control characters and the like. */
const LONGEST_GENERATED = 40;

/** Addresses like people type them. */
export const plainEmail: fc.Arbitrary<string> = fc
  .tuple(fc.stringMatching(/^[a-z][a-z0-9+_-]{0,14}[a-z0-9]$/), fc.constantFrom("example.com", "example.org", "mail.test"))
  .map(([local, domain]) => `${local}@${domain}`);

/** An arbitrary of values shaped like what `schema` accepts. Throws on a zod type it does not know, so a new shape is seen. */
export function zodArbitrary(schema: z.ZodType, overrides: Overrides = {}, path = ""): fc.Arbitrary<unknown> {
  const override = overrides[path];
  if (override) return override;
  const def = defOf(schema);
  switch (def.type) {
    case "object": {
      const shape = def.shape ?? {};
      const entries = Object.entries(shape).map(([key, field]) => [key, zodArbitrary(field, overrides, path ? `${path}.${key}` : key)] as const);
      const required = Object.entries(shape)
        .filter(([key, field]) => !isOmittable(field) || overrides[path ? `${path}.${key}` : key] !== undefined)
        .map(([key]) => key);
      return fc.record(Object.fromEntries(entries), { requiredKeys: required });
    }
    case "optional":
      return fc.option(zodArbitrary(def.innerType!, overrides, path), { nil: undefined, freq: 4 });
    case "nullable":
      return fc.option(zodArbitrary(def.innerType!, overrides, path), { nil: null, freq: 4 });
    case "default":
    case "prefault":
    case "catch":
    case "readonly":
    case "nonoptional":
      return zodArbitrary(def.innerType!, overrides, path);
    case "pipe": {
      // transform(): the input side is what a client sends; preprocess() and pipe(schema): the output side.
      const fromInput = defOf(def.out!).type === "transform" && defOf(def.in!).type !== "transform";
      return zodArbitrary(fromInput ? def.in! : def.out!, overrides, path);
    }
    case "string":
      return stringArbitrary(def);
    case "number":
      return numberArbitrary(def);
    case "boolean":
      return fc.boolean();
    case "null":
      return fc.constant(null);
    case "enum":
      return fc.constantFrom(...Object.values(def.entries ?? {}));
    case "literal":
      return fc.constantFrom(...(def.values ?? []));
    case "union":
      return fc.oneof(...(def.options ?? []).map((option) => zodArbitrary(option, overrides, path)));
    case "array": {
      const { minimum = 0, maximum = minimum + 4 } = lengths(checksOf(def));
      return fc.array(zodArbitrary(def.element!, overrides, `${path}[]`), { minLength: minimum, maxLength: Math.min(maximum, minimum + 4) });
    }
    case "record":
      return fc.dictionary(zodArbitrary(def.keyType!, overrides, `${path}{}`) as fc.Arbitrary<string>, zodArbitrary(def.valueType!, overrides, `${path}[]`), {
        maxKeys: 4,
      });
    case "unknown":
    case "any":
      return fc.jsonValue({ maxDepth: 2 });
    default:
      throw new Error(`zodArbitrary: no generator for zod type "${def.type}" at "${path || "(root)"}"`);
  }
}

/** Keys a client may leave out: optional, defaulted, or nullish (through pipes of the input side). */
function isOmittable(schema: z.ZodType): boolean {
  const def = defOf(schema);
  switch (def.type) {
    case "optional":
    case "default":
    case "prefault":
      return true;
    case "nullable":
    case "catch":
    case "readonly":
      return isOmittable(def.innerType!);
    case "pipe":
      return isOmittable(def.in!);
    default:
      return false;
  }
}

function lengths(checks: Check[]): { minimum?: number; maximum?: number } {
  let minimum: number | undefined;
  let maximum: number | undefined;
  for (const check of checks) {
    if (check.check === "min_length") minimum = Math.max(minimum ?? 0, check.minimum ?? 0);
    if (check.check === "max_length") maximum = Math.min(maximum ?? Infinity, check.maximum ?? Infinity);
    if (check.check === "length_equals") minimum = maximum = check.length;
  }
  return { minimum, maximum };
}

function stringArbitrary(def: Def): fc.Arbitrary<string> {
  const checks = checksOf(def);
  const { minimum = 0, maximum = Infinity } = lengths(checks);
  const within = (text: string) => text.length >= minimum && text.length <= maximum;
  const pattern = def.pattern ?? checks.find((check) => check.check === "string_format" && check.pattern)?.pattern;
  switch (def.format) {
    case "email": {
      // mostly plain addresses (fc.emailAddress alone is mostly exotic ones zod's pattern refuses)
      return fc
        .oneof({ weight: 3, arbitrary: plainEmail }, { weight: 1, arbitrary: fc.emailAddress() })
        .filter((text) => within(text) && (!pattern || pattern.test(text)));
    }
    case "uuid":
    case "guid":
      return fc.uuid();
    default:
      if (pattern) return fc.stringMatching(pattern).filter(within);
      return fc.string({ unit: "grapheme-ascii", minLength: minimum, maxLength: Math.max(minimum, Math.min(maximum, LONGEST_GENERATED)) });
  }
}

function numberArbitrary(def: Def): fc.Arbitrary<number | string> {
  const checks = checksOf(def);
  const integer = checks.some((check) => check.check === "number_format" && (check.format === "safeint" || check.format === "int32"));
  let min = -1_000_000;
  let max = 1_000_000;
  for (const check of checks) {
    if (check.check === "greater_than" && check.value !== undefined) min = check.inclusive ? check.value : check.value + (integer ? 1 : Number.EPSILON);
    if (check.check === "less_than" && check.value !== undefined) max = check.inclusive ? check.value : check.value - (integer ? 1 : Number.EPSILON);
  }
  const number = integer ? fc.integer({ min: Math.ceil(min), max: Math.floor(max) }) : fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
  // z.coerce.number() also takes the number as text (form fields)
  return def.coerce ? fc.oneof(number, number.map(String)) : number;
}
