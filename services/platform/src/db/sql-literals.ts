// Inlines `$n` parameters as SQL literals, so a statement can go through PGlite's simple
// query protocol: one call into the WASM engine instead of five (parse, describe, bind,
// execute, sync), measured about 40% cheaper per statement. Every value becomes a quoted,
// untyped literal ('...'), which Postgres types from context exactly as it types an
// untyped parameter; standard_conforming_strings (on since 9.1, and checked at start-up)
// makes doubling the single quotes a complete escape. The SQL text itself must not hold
// `$n` inside its own string literals (ours are written for this; user input only ever
// arrives as values).

export function inlineParameters(sql: string, values: readonly unknown[]): string {
  return sql.replace(/\$(\d+)/g, (placeholder, digits: string) => {
    const index = Number(digits) - 1;
    if (index < 0 || index >= values.length) throw new Error(`no value for ${placeholder}`);
    return sqlLiteral(values[index]);
  });
}

export function sqlLiteral(value: unknown): string {
  if (value === null || value === undefined) return "NULL";
  return quote(literalText(value));
}

function literalText(value: unknown): string {
  if (typeof value === "string") return value;
  if (typeof value === "number") {
    if (!Number.isFinite(value)) throw new Error(`cannot bind ${value}`);
    return String(value);
  }
  if (typeof value === "bigint" || typeof value === "boolean") return String(value);
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) throw new Error("cannot bind an invalid date");
    return value.toISOString();
  }
  if (value instanceof Uint8Array) return `\\x${Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString("hex")}`;
  if (Array.isArray(value)) return arrayText(value);
  return JSON.stringify(value);
}

/** A Postgres array literal: every element double-quoted, backslash-escaped. */
export function arrayText(values: readonly unknown[]): string {
  const elements = values.map((element) => {
    if (element === null || element === undefined) return "NULL";
    return `"${literalText(element).replace(/[\\"]/g, (char) => `\\${char}`)}"`;
  });
  return `{${elements.join(",")}}`;
}

function quote(text: string): string {
  if (text.includes("\u0000")) throw new Error("a text value cannot hold a NUL character");
  return `'${text.replace(/'/g, "''")}'`;
}
