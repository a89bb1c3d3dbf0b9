/** The raw-SQL surface of a Prisma client or transaction client that platform code uses. */
export interface SqlExecutor {
  $executeRawUnsafe(query: string, ...values: unknown[]): Promise<number>;
  $queryRawUnsafe<T = unknown>(query: string, ...values: unknown[]): Promise<T>;
}

/** A statement and its parameters, to be composed into a larger one. */
export interface SqlStatement {
  sql: string;
  values: unknown[];
}

/** `$1, $2, ...` placeholders (from `$offset + 1`) for a multi-row insert of `rows` rows of `columns` values. */
export function valuesPlaceholders(rows: number, columns: number, casts: string[] = [], offset = 0): string {
  const tuples: string[] = [];
  for (let row = 0; row < rows; row++) {
    const cells: string[] = [];
    for (let column = 0; column < columns; column++) {
      cells.push(`$${offset + row * columns + column + 1}${casts[column] ?? ""}`);
    }
    tuples.push(`(${cells.join(", ")})`);
  }
  return tuples.join(", ");
}

/** A Postgres identifier, quoted; schema names come from code, never from users. */
export function quoteIdent(name: string): string {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`refusing identifier '${name}'`);
  return `"${name}"`;
}
