// Applying a batch of facts to the rows they touch: the rows that changed and what the
// business counters gain or lose. Pure; the store loads the rows before and writes the result.

import { factKey, type Contribution } from "./merge";
import {
  callContribution,
  contributionDelta,
  inboundContribution,
  mergeBusiness,
  mergeCall,
  mergeInbound,
  mergeOptOut,
  mergeOutcome,
  mergeSuppression,
  mergeText,
  optOutContribution,
  suppressionContribution,
  textContribution,
} from "./merge";
import type { Fact } from "./facts";
import { PROJECTION_TABLES, type ProjectionRows, type ProjectionTable } from "./projection-rows";

type RowOf<T extends ProjectionTable> = ProjectionRows[T][number];

/** Rows by factKey, per table. */
export type RowMaps = { [T in ProjectionTable]: Map<string, RowOf<T>> };

export interface CounterDelta {
  businessId: string;
  name: string;
  delta: number;
}

export interface FoldResult {
  changed: ProjectionRows;
  counters: CounterDelta[];
  /** Businesses whose projections changed (their cached answers are stale). */
  businesses: Set<string>;
}

export function emptyRowMaps(): RowMaps {
  return { businesses: new Map(), calls: new Map(), texts: new Map(), suppressions: new Map(), inbound: new Map(), optOuts: new Map(), outcomes: new Map() };
}

/** The keys each table must load before `facts` can be folded. */
export function keysOf(facts: readonly Fact[]): Record<ProjectionTable, Set<string>> {
  const keys = Object.fromEntries(PROJECTION_TABLES.map((table) => [table, new Set<string>()])) as Record<ProjectionTable, Set<string>>;
  for (const fact of facts) keys[fact.table].add(factKey(fact));
  return keys;
}

function merge(maps: RowMaps, fact: Fact): void {
  const key = factKey(fact);
  switch (fact.table) {
    case "businesses":
      maps.businesses.set(key, mergeBusiness(maps.businesses.get(key) ?? null, fact));
      return;
    case "calls":
      maps.calls.set(key, mergeCall(maps.calls.get(key) ?? null, fact));
      return;
    case "texts":
      maps.texts.set(key, mergeText(maps.texts.get(key) ?? null, fact));
      return;
    case "suppressions":
      maps.suppressions.set(key, mergeSuppression(maps.suppressions.get(key) ?? null, fact));
      return;
    case "inbound":
      maps.inbound.set(key, mergeInbound(maps.inbound.get(key) ?? null, fact));
      return;
    case "optOuts":
      maps.optOuts.set(key, mergeOptOut(maps.optOuts.get(key) ?? null, fact));
      return;
    case "outcomes":
      maps.outcomes.set(key, mergeOutcome(maps.outcomes.get(key) ?? null, fact));
      return;
    default: {
      const unexpected: never = fact;
      throw new Error(`unknown fact ${JSON.stringify(unexpected)}`);
    }
  }
}

const CONTRIBUTIONS: { [T in ProjectionTable]: ((row: RowOf<T>) => Contribution) | null } = {
  businesses: null,
  calls: callContribution,
  texts: textContribution,
  suppressions: suppressionContribution,
  inbound: inboundContribution,
  optOuts: optOutContribution,
  outcomes: null,
};

function sameRow(a: object, b: object): boolean {
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  const keys = new Set([...Object.keys(left), ...Object.keys(right)]);
  for (const key of keys) if (left[key] !== right[key]) return false;
  return true;
}

export function foldFacts(loaded: RowMaps, facts: readonly Fact[]): FoldResult {
  const working = emptyRowMaps();
  for (const table of PROJECTION_TABLES) for (const [key, row] of loaded[table]) (working[table] as Map<string, unknown>).set(key, row);
  for (const fact of facts) merge(working, fact);

  const changed: ProjectionRows = { businesses: [], calls: [], texts: [], suppressions: [], inbound: [], optOuts: [], outcomes: [] };
  const totals = new Map<string, number>();
  const businesses = new Set<string>();
  const touched = keysOf(facts);
  for (const table of PROJECTION_TABLES) {
    const contribution = CONTRIBUTIONS[table] as ((row: unknown) => Contribution) | null;
    for (const key of touched[table]) {
      const before = (loaded[table] as Map<string, RowOf<typeof table>>).get(key) ?? null;
      const after = (working[table] as Map<string, RowOf<typeof table>>).get(key);
      if (!after || (before && sameRow(before, after))) continue;
      (changed[table] as unknown[]).push(after);
      businesses.add(after.businessId);
      if (!contribution) continue;
      const delta = contributionDelta(before ? contribution(before) : null, contribution(after));
      for (const [name, value] of Object.entries(delta)) {
        const id = `${after.businessId}\u0000${name}`;
        totals.set(id, (totals.get(id) ?? 0) + value);
      }
    }
  }
  const counters: CounterDelta[] = [];
  for (const [id, delta] of totals) {
    if (delta === 0) continue;
    const [businessId, name] = id.split("\u0000") as [string, string];
    counters.push({ businessId, name, delta });
  }
  return { changed, counters, businesses };
}
