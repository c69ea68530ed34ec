// The audit log's cursor: what it encodes comes back, anything else is refused naming the field.
import assert from "node:assert/strict";
import { ApiError } from "../../_shared/errors.ts";
import { decodeAuditCursor, encodeAuditCursor } from "./audit-cursor.ts";

Deno.test("audit cursor: an encoded id decodes to itself and is url-safe", () => {
  for (const id of [1, 42, 999_999_999_999]) {
    const cursor = encodeAuditCursor(id);
    assert(/^[A-Za-z0-9_-]+$/.test(cursor), `url-safe: ${cursor}`);
    assert.deepStrictEqual(decodeAuditCursor(cursor), id);
  }
});

Deno.test("audit cursor: malformed cursors are a 400 naming cursor", () => {
  for (const bad of [
    "",
    "42",
    "!!!",
    btoa("audit:"),
    btoa("audit:-1"),
    btoa("audit:01"),
    btoa("other:5"),
    "a".repeat(300),
  ]) {
    try {
      decodeAuditCursor(bad);
      throw new Error(`accepted ${JSON.stringify(bad)}`);
    } catch (error) {
      assert(error instanceof ApiError, `an ApiError for ${JSON.stringify(bad)}`);
      assert.deepStrictEqual([error.code, error.field], ["invalid_input", "cursor"]);
    }
  }
});
