import type { z, ZodError } from "zod";
import { AppError, type FieldError } from "../errors/app-error";
import { assertSafeInput } from "./safe-input";

export function fieldErrorsFromZod(error: ZodError): FieldError[] {
  return error.issues.map((issue) => ({ field: issue.path.join("."), message: issue.message }));
}

/**
 * Parses input with a zod schema; the first issue's message (the product's wording, docs/product.md) becomes the response message.
 * Before the schema, every string and key of the input must be safe text (no control characters but tab,
 * LF, CR; no lone surrogates) and nesting bounded: one check at the edge, so no field can forget it.
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  assertSafeInput(input);
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const fields = fieldErrorsFromZod(result.error);
  throw new AppError("VALIDATION_FAILED", fields[0]?.message ?? "Invalid request", { fields });
}

export {
  assertSafeInput,
  findUnsafeInput,
  isSafeText,
  jsonBody,
  MAX_JSON_DEPTH,
  stripUnsafeInput,
  stripUnsafeText,
  type JsonBodyOptions,
  type UnsafeInput,
} from "./safe-input";
