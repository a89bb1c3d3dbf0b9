import fc from "fast-check";

// Mutations of a schema-valid body, applied to its JSON text: what a careless or hostile client
// sends. One mutation per request, so a rejection can be traced to it.

/** What broke things before: C0 controls and NUL, lone surrogates, bidi overrides, emoji, markup, SQL. */
export const NASTY_TEXT = [
  "\u0000",
  "a\u0000b",
  "\u001b[2J",
  "\u0007",
  "\ud800",
  "x\udc00y",
  "😀",
  "👩‍👩‍👧‍👦",
  "\u202e",
  "%E0%A4%A",
  "<script>alert(1)</script>",
  "' OR 1=1 --",
  "\r\n",
  "\uFEFF",
  "\u00a0",
];
const PROTOTYPE_KEYS = ["__proto__", "constructor", "prototype"] as const;

export type Mutation =
  | { kind: "none" }
  | { kind: "wrong-type"; field: number; value: unknown }
  | { kind: "missing"; field: number }
  | { kind: "extra"; key: string; value: unknown }
  | { kind: "prototype-key"; key: (typeof PROTOTYPE_KEYS)[number]; nested: boolean; value: unknown }
  | { kind: "huge-string"; field: number; size: number }
  | { kind: "nasty-text"; field: number; text: string; at: number }
  | { kind: "deep-nesting"; field: number; depth: number }
  | { kind: "not-an-object"; value: unknown }
  | { kind: "broken-json"; cut: number };

const otherTypes = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constant([]),
  fc.constant({}),
  fc.array(fc.string(), { maxLength: 2 }),
  fc.string({ maxLength: 3 }),
);
const nastyText = fc.oneof(fc.constantFrom(...NASTY_TEXT), fc.string({ unit: "binary", maxLength: 12 }));

export const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  { weight: 5, arbitrary: fc.constant<Mutation>({ kind: "none" }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant("wrong-type" as const), field: fc.nat(), value: otherTypes }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("missing" as const), field: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("extra" as const), key: fc.string({ maxLength: 12 }), value: fc.jsonValue({ maxDepth: 2 }) }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant("prototype-key" as const),
      key: fc.constantFrom(...PROTOTYPE_KEYS),
      nested: fc.boolean(),
      value: fc.constantFrom<unknown>({ isAdmin: true }, { polluted: "yes" }, null, 1, "x"),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("huge-string" as const), field: fc.nat(), size: fc.constantFrom(5_000, 60_000, 150_000) }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant("nasty-text" as const), field: fc.nat(), text: nastyText, at: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("deep-nesting" as const), field: fc.nat(), depth: fc.integer({ min: 20, max: 5_000 }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("not-an-object" as const), value: fc.oneof(fc.jsonValue({ maxDepth: 2 }), nastyText) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("broken-json" as const), cut: fc.nat() }) },
);

type Path = Array<string | number>;

/** Paths to every value of the body (objects and arrays, three levels down), root excluded. */
function pathsOf(value: unknown, prefix: Path = [], depth = 0): Path[] {
  if (depth >= 3 || typeof value !== "object" || value === null) return [];
  const entries: Array<[string | number, unknown]> = Array.isArray(value) ? value.map((item, index) => [index, item]) : Object.entries(value);
  return entries.flatMap(([key, item]) => [[...prefix, key], ...pathsOf(item, [...prefix, key], depth + 1)]);
}

function parentOf(root: unknown, path: Path): Record<string | number, unknown> {
  let node = root as Record<string | number, unknown>;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  return node;
}

const set = (root: unknown, path: Path, value: unknown) => {
  parentOf(root, path)[path[path.length - 1]!] = value;
};
const get = (root: unknown, path: Path): unknown => parentOf(root, path)[path[path.length - 1]!];

/** The JSON text of `body` with the mutation applied (prototype keys are written into the text: an object literal cannot hold them). */
export function applyMutation(body: unknown, change: Mutation): string {
  const copy: unknown = structuredClone(body);
  const paths = pathsOf(copy);
  const pick = (field: number) => paths[field % paths.length];
  switch (change.kind) {
    case "none":
      return JSON.stringify(copy);
    case "wrong-type":
    case "missing":
    case "huge-string":
    case "nasty-text": {
      const path = pick(change.field);
      if (!path) return JSON.stringify(change.kind === "missing" ? {} : copy);
      if (change.kind === "missing") {
        const parent = parentOf(copy, path);
        if (Array.isArray(parent)) parent.splice(Number(path[path.length - 1]), 1);
        else delete parent[path[path.length - 1]!];
      } else if (change.kind === "wrong-type") set(copy, path, change.value);
      else if (change.kind === "huge-string") set(copy, path, "x".repeat(change.size));
      else {
        const current = get(copy, path);
        const text = typeof current === "string" ? current : "";
        const at = change.at % (text.length + 1);
        set(copy, path, text.slice(0, at) + change.text + text.slice(at));
      }
      return JSON.stringify(copy);
    }
    case "deep-nesting": {
      // the chosen value (or the whole body) wrapped in `depth` arrays, written as text
      const path = pick(change.field);
      const wrap = (text: string) => "[".repeat(change.depth) + text + "]".repeat(change.depth);
      if (!path) return wrap(JSON.stringify(copy));
      const marker = "\u0001fuzz-deep\u0001";
      const inner = JSON.stringify(get(copy, path) ?? null);
      set(copy, path, marker);
      return JSON.stringify(copy).replace(JSON.stringify(marker), () => wrap(inner));
    }
    case "extra":
      if (typeof copy === "object" && copy !== null && !Array.isArray(copy)) Object.defineProperty(copy, change.key, { value: change.value, enumerable: true });
      return JSON.stringify(copy);
    case "prototype-key": {
      const inject = (objectText: string) => {
        const member = `${JSON.stringify(change.key)}:${JSON.stringify(change.value)}`;
        return objectText === "{}" ? `{${member}}` : `{${member},${objectText.slice(1)}`;
      };
      const text = JSON.stringify(copy);
      if (!change.nested) return text.startsWith("{") ? inject(text) : text;
      // into the first nested object, if the body has one
      const nested = paths.find((path) => {
        const value = get(copy, path);
        return typeof value === "object" && value !== null && !Array.isArray(value);
      });
      if (!nested) return text.startsWith("{") ? inject(text) : text;
      const marker = "\u0001fuzz-nested\u0001";
      const inner = JSON.stringify(get(copy, nested));
      set(copy, nested, marker);
      return JSON.stringify(copy).replace(JSON.stringify(marker), () => inject(inner));
    }
    case "not-an-object":
      return JSON.stringify(change.value) ?? "null";
    case "broken-json": {
      const text = JSON.stringify(copy);
      return text.slice(0, change.cut % Math.max(text.length, 1));
    }
  }
}
