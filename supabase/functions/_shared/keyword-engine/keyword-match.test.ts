import assert from "node:assert/strict";
import { decide } from "./record-event.ts";
import { firstKeyword } from "./keyword-match.ts";

Deno.test("a keyword matches as a whole word, in any case", () => {
  assert.deepStrictEqual(firstKeyword("silk please", ["SILK"]), "SILK");
  assert.deepStrictEqual(firstKeyword("I want Silk!", ["SILK"]), "SILK");
  assert.deepStrictEqual(firstKeyword("SILKY scarf", ["SILK"]), null);
  assert.deepStrictEqual(firstKeyword("2SILK", ["SILK"]), null);
  assert.deepStrictEqual(firstKeyword("SILK2 please", ["SILK", "SILK2"]), "SILK2");
});

Deno.test("Khmer letters around a keyword do not stop it matching", () => {
  assert.deepStrictEqual(firstKeyword("ខ្ញុំចង់បានSILKមួយ", ["SILK"]), "SILK");
});

Deno.test("the keyword written first wins", () => {
  assert.deepStrictEqual(firstKeyword("hat or scarf?", ["SCARF", "HAT"]), "HAT");
});

const trigger = (id: string, keyword: string, is_active: boolean, is_live: boolean) => ({
  id,
  keyword,
  is_active,
  is_live,
});

Deno.test("an active trigger of a live link is chosen over an older one with the same keyword", () => {
  const decision = decide("SILK", [trigger("old", "SILK", false, false), trigger("new", "SILK", true, true)]);
  assert.deepStrictEqual(decision, { triggerId: "new", keyword: "SILK", skipReason: null });
});

Deno.test("what is skipped says why", () => {
  assert.deepStrictEqual(decide("hello", [trigger("a", "SILK", true, true)]).skipReason, "no_keyword");
  assert.deepStrictEqual(decide("SILK", [trigger("a", "SILK", false, true)]).skipReason, "trigger_off");
  assert.deepStrictEqual(decide("SILK", [trigger("a", "SILK", false, false)]).skipReason, "campaign_inactive");
  assert.deepStrictEqual(decide("SILK", [trigger("a", "SILK", true, false)]).skipReason, "campaign_inactive");
});
