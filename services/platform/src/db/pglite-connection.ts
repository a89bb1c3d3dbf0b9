import type { PGlite } from "@electric-sql/pglite";
import { PrismaPGlite } from "pglite-prisma-adapter";

/** What Rebound uses of a PGlite instance: met by PGlite itself and by PGliteThread. */
export type PgliteConnection = Pick<
  PGlite,
  | "query"
  | "exec"
  | "transaction"
  | "execProtocolStream"
  | "_runExclusiveQuery"
  | "_runExclusiveTransaction"
  | "syncToFs"
  | "parsers"
  | "serializers"
  | "closed"
  | "close"
  | "waitReady"
>;

/** pglite-prisma-adapter asks for a PGlite; it only calls query, exec and transaction, which every PgliteConnection has. */
export function prismaAdapterFor(pglite: PgliteConnection): PrismaPGlite {
  return new PrismaPGlite(pglite as PGlite);
}
