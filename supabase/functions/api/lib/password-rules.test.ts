// New passwords: the most common ones, a character repeated and the account's email are refused,
// whatever their case; ordinary passwords pass.
import assert from "node:assert/strict";
import { weakPasswordReason } from "./password-rules.ts";

const email = "sokha.store@example.com";
const tooCommon = "This password is too common: choose one that is harder to guess";

Deno.test("the most common passwords are refused, in any case", async () => {
  for (const password of ["password", "12345678", "Password1", "ILOVEYOU", "qwertyuiop", "abc12345"]) {
    assert.deepStrictEqual(await weakPasswordReason(password, email), tooCommon, password);
  }
});

Deno.test("one character repeated is refused", async () => {
  for (const password of ["aaaaaaaa", "00000000", "ខខខខខខខខ"]) {
    assert.deepStrictEqual(await weakPasswordReason(password, email), tooCommon, password);
  }
});

Deno.test("the account's email, or the part before the @, is refused", async () => {
  assert.deepStrictEqual(await weakPasswordReason("Sokha.Store@example.com", email), "Password must not be your email");
  assert.deepStrictEqual(await weakPasswordReason("sokha.store", email), "Password must not be your email");
});

Deno.test("ordinary passwords pass, Khmer ones included", async () => {
  for (const password of ["longenough1", "Demo1234!", "kampot-pepper-2026", "សុខាហាងសូត្រ"]) {
    assert.deepStrictEqual(await weakPasswordReason(password, email), null, password);
  }
});
