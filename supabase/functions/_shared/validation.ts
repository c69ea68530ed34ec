// Request parsing with the shared zod schemas: the first problem becomes a 400 naming the field. An
// unknown field (on the schemas that refuse them) comes before every other problem: a client
// sending an old name (`product_price`) is missing the new one too, and the unknown name says why.
import type { Context } from "hono";
import type { z } from "zod";
import { ApiError } from "./errors.ts";
import { controlCharacterField } from "./input-bounds.ts";

export function parseWith<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issues = result.error.issues;
  const issue = issues.find((candidate) => candidate.code === "unrecognized_keys") ?? issues[0];
  const field = issue.path.map(String).join(".") || undefined;
  if (issue.code === "unrecognized_keys") {
    const key = issue.keys[0];
    throw new ApiError("invalid_input", `${key} is not a field you can set here`, key);
  }
  throw new ApiError("invalid_input", issue.message, field);
}

export async function parseJsonBody<S extends z.ZodType>(c: Context, schema: S): Promise<z.output<S>> {
  let body: unknown;
  try {
    body = await c.req.json();
  } catch {
    throw new ApiError("invalid_input", "Request body must be a JSON object");
  }
  return parseBodyObject(schema, body);
}

/**
 * Like parseJsonBody, but no body at all reads as `{}`: for paths whose body used to be empty
 * (PUT .../reject), so an old client is told which field is missing rather than that JSON is.
 */
export async function parseOptionalJsonBody<S extends z.ZodType>(c: Context, schema: S): Promise<z.output<S>> {
  const text = await c.req.text();
  if (text.trim() === "") return parseWith(schema, {});
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new ApiError("invalid_input", "Request body must be a JSON object");
  }
  return parseBodyObject(schema, body);
}

function parseBodyObject<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    throw new ApiError("invalid_input", "Request body must be a JSON object");
  }
  const badField = controlCharacterField(body);
  if (badField) throw new ApiError("invalid_input", `${badField} must not contain control characters`, badField);
  return parseWith(schema, body);
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function uuidParam(value: string, name: string): string {
  if (!uuidPattern.test(value)) throw new ApiError("invalid_input", `${name} must be a valid id`, name);
  return value.toLowerCase();
}

/** The query string read with a shared schema; the first problem is a 400 naming the parameter. */
export function parseQuery<S extends z.ZodType>(c: Context, schema: S): z.output<S> {
  return parseWith(schema, c.req.query());
}
