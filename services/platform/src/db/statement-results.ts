// Backend messages -> rows, for NativeSql and the PGlite thread. PGlite's own
// `parseResults` copies the instance's whole parser table (hundreds of entries) for every
// query; here parsers are looked up, never copied.
import { messages as pg, type types, type QueryOptions, type Results } from "@electric-sql/pglite";

type Parsers = Record<number | string, types.Parser>;

export interface StatementResult<Row = Record<string, unknown>> {
  /** The command tag's first word: INSERT, SELECT, COMMIT, ROLLBACK... */
  command: string;
  fields: { name: string; dataTypeID: number }[];
  rows: Row[];
  /** Rows inserted, updated, deleted, merged or copied by this statement (0 for anything else). */
  affectedRows: number;
}

/** One result per completed statement; rows as objects, or as arrays with `rowMode: "array"`. */
export function statementResults(messages: pg.BackendMessage[], parsers: Parsers, options?: Pick<QueryOptions, "rowMode" | "parsers">): StatementResult<unknown>[] {
  const custom = options?.parsers;
  const asArrays = options?.rowMode === "array";
  const parse = (value: string | null, dataTypeID: number): unknown => {
    if (value === null) return null;
    const parser = custom?.[dataTypeID] ?? parsers[dataTypeID];
    return parser ? parser(value, dataTypeID) : value;
  };
  const results: StatementResult<unknown>[] = [];
  let fields: StatementResult["fields"] = [];
  let rows: unknown[] = [];
  for (const message of messages) {
    if (message instanceof pg.RowDescriptionMessage) {
      fields = message.fields.map((field) => ({ name: field.name, dataTypeID: field.dataTypeID }));
    } else if (message instanceof pg.DataRowMessage) {
      if (asArrays) {
        rows.push(message.fields.map((value, index) => parse(value, (fields[index] as { dataTypeID: number }).dataTypeID)));
      } else {
        const row: Record<string, unknown> = {};
        message.fields.forEach((value, index) => {
          const field = fields[index] as { name: string; dataTypeID: number };
          row[field.name] = parse(value, field.dataTypeID);
        });
        rows.push(row);
      }
    } else if (message instanceof pg.CommandCompleteMessage) {
      results.push({ command: message.text.split(" ", 1)[0] as string, fields, rows, affectedRows: affectedRowsOf(message.text) });
      fields = [];
      rows = [];
    }
  }
  return results;
}

/**
 * The same in the shape PGlite's `query` and `exec` answer, including its running
 * `affectedRows` over a multi-statement string and one empty result when none completed.
 */
export function pgliteResults(messages: pg.BackendMessage[], parsers: Parsers, options?: QueryOptions): Results[] {
  let affectedRows = 0;
  const results = statementResults(messages, parsers, options).map(({ fields, rows, affectedRows: own }) => {
    affectedRows += own;
    // PGlite types rows as objects whatever the row mode.
    return { rows: rows as Results["rows"], fields, affectedRows };
  });
  return results.length > 0 ? results : [{ rows: [], fields: [], affectedRows: 0 }];
}

/** The count in a command tag: `INSERT 0 3`, `UPDATE 2`, `DELETE 1`, `MERGE 4`, `COPY 5`. */
function affectedRowsOf(commandTag: string): number {
  const words = commandTag.split(" ");
  switch (words[0]) {
    case "INSERT":
      return Number(words[2]);
    case "UPDATE":
    case "DELETE":
    case "MERGE":
    case "COPY":
      return Number(words[1]);
    default:
      return 0;
  }
}
