/** The raw-SQL surface of a Prisma client or transaction client that platform code uses. */
export interface SqlExecutor {
  $executeRawUnsafe(query: string, ...values: unknown[]): Promise<number>;
  $queryRawUnsafe<T = unknown>(query: string, ...values: unknown[]): Promise<T>;
  /**
   * In a `pgSql` transaction: the next statement is the transaction's last, and COMMIT goes out with it
   * (one round trip less); nothing may run in the transaction after it. Absent where the executor cannot
   * (Prisma's transactions, a plain executor): callers write `tx.commitWithNextStatement?.()`.
   */
  commitWithNextStatement?(): void;
}

/** A statement and its parameters, to be composed into a larger one. */
export interface SqlStatement {
  sql: string;
  values: unknown[];
}

/**
 * A statement to be composed into a larger one as a CTE. PostgreSQL admits data-modifying CTEs only at
 * the top level, so a statement built on its own CTEs gives them apart, in `with` (`name AS (...), ...`),
 * to be placed before it.
 */
export interface ComposableStatement extends SqlStatement {
  with?: string;
}

/**
 * A multi-row insert's rows as `unnest($1::type[], $2::type[], ...)` over one array per
 * column: the statement text is the same for any number of rows, so it is planned and
 * prepared once (a VALUES list per row count meant a new plan for every batch size).
 * Each column travels as one array literal (text), which PostgreSQL casts to the column's array type.
 */
export function unnestRows(rows: readonly (readonly unknown[])[], types: readonly string[], offset = 0): SqlStatement {
  return {
    sql: `unnest(${types.map((type, column) => `$${offset + column + 1}::${type}[]`).join(", ")})`,
    values: types.map((_type, column) => arrayText(rows.map((row) => row[column]))),
  };
}

/** Rows from index `from` on are written only where `where` (SQL) holds; the rows before it always. */
export interface RowGate {
  where: string;
  from: number;
}

/**
 * `SELECT <columns> FROM unnest(...)` over `rows` (see unnestRows), in array order; with a `gate`, each row
 * also carries whether it is gated, and gated rows are kept only where the gate's condition holds.
 */
export function selectRows(
  rows: readonly (readonly unknown[])[],
  types: readonly string[],
  columns: readonly string[],
  offset = 0,
  gate?: RowGate,
): SqlStatement {
  const list = columns.join(", ");
  if (!gate) {
    const unnest = unnestRows(rows, types, offset);
    return { sql: `SELECT ${list} FROM ${unnest.sql} AS u(${list})`, values: unnest.values };
  }
  const unnest = unnestRows(
    rows.map((row, index) => [...row, index >= gate.from]),
    [...types, "boolean"],
    offset,
  );
  return { sql: `SELECT ${list} FROM ${unnest.sql} AS u(${list}, gated) WHERE NOT gated OR (${gate.where})`, values: unnest.values };
}

/** A Postgres identifier, quoted; schema names come from code, never from users. */
export function quoteIdent(name: string): string {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`refusing identifier '${name}'`);
  return `"${name}"`;
}

/** A Postgres array literal: every element double-quoted and backslash-escaped (NULL for null). */
export function arrayText(values: readonly unknown[]): string {
  // A loop and a test before the replace: every multi-row statement encodes each of its columns here,
  // and almost no element holds a quote or a backslash.
  let text = "{";
  for (let i = 0; i < values.length; i++) {
    const element = values[i];
    if (i > 0) text += ",";
    if (element === null || element === undefined) text += "NULL";
    else {
      const raw = elementText(element);
      text += `"${NEEDS_ESCAPE.test(raw) ? raw.replace(ESCAPED, "\\$&") : raw}"`;
    }
  }
  return `${text}}`;
}

const NEEDS_ESCAPE = /[\\"]/;
const ESCAPED = /[\\"]/g;

function elementText(value: unknown): string {
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
