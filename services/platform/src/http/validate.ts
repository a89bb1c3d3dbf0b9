import type { z, ZodError } from "zod";
import { AppError, type FieldError } from "../errors/app-error";

export function fieldErrorsFromZod(error: ZodError): FieldError[] {
  return error.issues.map((issue) => ({ field: issue.path.join("."), message: issue.message }));
}

/** Parses input with a zod schema; the first issue's message (the spec's wording) becomes the response message. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const fields = fieldErrorsFromZod(result.error);
  throw new AppError("VALIDATION_FAILED", fields[0]?.message ?? "Invalid request", { fields });
}
