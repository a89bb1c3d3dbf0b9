// What text the product accepts, decided once at the edge (docs/decisions.md, "Text at the edge"):
// API input may not contain C0 control characters (other than tab, line feed and carriage
// return), DEL, or lone UTF-16 surrogates, nor JSON nested deeper than MAX_JSON_DEPTH.
// Carrier webhooks are stripped instead (Twilio must always get TwiML back).

import express, { type RequestHandler } from "express";
import { isUtf8 } from "node:buffer";
import type { IncomingMessage, ServerResponse } from "node:http";
import { AppError } from "../errors/app-error";

/** Deepest JSON nesting an API body may have; real bodies are 2 or 3 levels deep. */
export const MAX_JSON_DEPTH = 32;

const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
const CONTROL_ALL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g;
const LONE_SURROGATE_ALL = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** True when the text is free of control characters (tab, LF, CR allowed) and lone surrogates. */
export function isSafeText(value: string): boolean {
  return !CONTROL.test(value) && !LONE_SURROGATE.test(value);
}

/** Carrier input: control characters removed, lone surrogates replaced with U+FFFD. */
export function stripUnsafeText(value: string): string {
  return value.replace(CONTROL_ALL, "").replace(LONE_SURROGATE_ALL, "\uFFFD");
}

/** Every string (and key) in a parsed form or JSON body, stripped; the shape is kept. */
export function stripUnsafeInput<T>(value: T): T {
  if (typeof value === "string") return stripUnsafeText(value) as T;
  if (Array.isArray(value)) return value.map((item: unknown) => stripUnsafeInput(item)) as T;
  if (typeof value === "object" && value !== null) {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) out[stripUnsafeText(key)] = stripUnsafeInput(item);
    return out as T;
  }
  return value;
}

export type UnsafeInput = { kind: "depth" } | { kind: "text"; field: string };

/** The first problem in a parsed body: too deep, or a string or key with unsafe text. Iterative: no stack to overflow. */
export function findUnsafeInput(value: unknown, maxDepth = MAX_JSON_DEPTH): UnsafeInput | null {
  const stack: Array<{ value: unknown; path: string; depth: number }> = [{ value, path: "", depth: 0 }];
  while (stack.length > 0) {
    const next = stack.pop()!;
    if (typeof next.value === "string") {
      if (!isSafeText(next.value)) return { kind: "text", field: next.path };
      continue;
    }
    if (typeof next.value !== "object" || next.value === null) continue;
    if (next.depth >= maxDepth) return { kind: "depth" };
    for (const [key, item] of Object.entries(next.value)) {
      const path = next.path === "" ? key : `${next.path}.${key}`;
      if (!isSafeText(key)) return { kind: "text", field: next.path };
      stack.push({ value: item, path, depth: next.depth + 1 });
    }
  }
  return null;
}

export const UNSAFE_TEXT_MESSAGE = "must not contain control characters or invalid Unicode";
export const TOO_DEEP_MESSAGE = "Request body is nested too deeply";

/** Throws the 400 for unsafe input; parseInput and the JSON body parser call it. */
export function assertSafeInput(value: unknown): void {
  const problem = findUnsafeInput(value);
  if (problem === null) return;
  if (problem.kind === "depth") throw new AppError("BAD_REQUEST", TOO_DEEP_MESSAGE);
  const label = problem.field === "" ? "Text" : problem.field;
  const message = `${label} ${UNSAFE_TEXT_MESSAGE}`;
  throw new AppError("VALIDATION_FAILED", message, { fields: [{ field: problem.field, message }] });
}

export interface JsonBodyOptions {
  /** Size limit (413 beyond it); express.json's default 100kb. */
  limit?: string | number;
  verify?: (req: IncomingMessage, res: ServerResponse, buffer: Buffer, encoding: string) => void;
}

/**
 * The one JSON body parser for API routes: express.json, then UTF-8 must be valid (raw
 * surrogates and broken sequences are not silently turned into U+FFFD), nesting at most
 * MAX_JSON_DEPTH and no unsafe text: each a 400 with a message.
 */
export function jsonBody(options: JsonBodyOptions = {}): RequestHandler[] {
  const parse = express.json({
    limit: options.limit ?? "100kb",
    verify: (req, res, buffer, encoding) => {
      if ((encoding ?? "utf-8").toLowerCase().replace("-", "") === "utf8" && !isUtf8(buffer)) {
        throw new AppError("BAD_REQUEST", `Request body ${UNSAFE_TEXT_MESSAGE}`);
      }
      options.verify?.(req, res, buffer, encoding);
    },
  });
  const guard: RequestHandler = (req, _res, next) => {
    assertSafeInput(req.body);
    next();
  };
  return [parse, guard];
}
