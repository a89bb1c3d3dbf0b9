import { messages as pg, type types, type QueryOptions, type Results } from "@electric-sql/pglite";

type Parsers = Record<number | string, types.Parser>;

/**
 * PGlite's own `parseResults`, without its cost: that one copies the instance's whole
 * parser table (hundreds of entries) for every query; here parsers are looked up.
 * Same output, including the running `affectedRows` over a multi-statement string.
 */
export function resultSetsOf(messages: pg.BackendMessage[], parsers: Parsers, options?: QueryOptions): Results[] {
  const custom = options?.parsers;
  const asArrays = options?.rowMode === "array";
  const parse = (value: string | null, dataTypeID: number): unknown => {
    if (value === null) return null;
    const parser = custom?.[dataTypeID] ?? parsers[dataTypeID];
    return parser ? parser(value, dataTypeID) : value;
  };
  const resultSets: Results[] = [];
  let current: Results = { rows: [], fields: [] };
  let affectedRows = 0;
  for (const message of messages) {
    if (message instanceof pg.RowDescriptionMessage) {
      current.fields = message.fields.map((field) => ({ name: field.name, dataTypeID: field.dataTypeID }));
    } else if (message instanceof pg.DataRowMessage) {
      const { fields } = current;
      if (asArrays) {
        current.rows.push(message.fields.map((value, index) => parse(value, (fields[index] as { dataTypeID: number }).dataTypeID)));
      } else {
        const row: Record<string, unknown> = {};
        message.fields.forEach((value, index) => {
          const field = fields[index] as { name: string; dataTypeID: number };
          row[field.name] = parse(value, field.dataTypeID);
        });
        current.rows.push(row);
      }
    } else if (message instanceof pg.CommandCompleteMessage) {
      affectedRows += affectedRowsOf(message.text);
      resultSets.push({ ...current, affectedRows });
      current = { rows: [], fields: [] };
    }
  }
  if (resultSets.length === 0) resultSets.push({ affectedRows: 0, rows: [], fields: [] });
  return resultSets;
}

/** The count in a command tag: `INSERT 0 3`, `UPDATE 2`, `DELETE 1`, `MERGE 4`, `COPY 5`. */
export function affectedRowsOf(commandTag: string): number {
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
