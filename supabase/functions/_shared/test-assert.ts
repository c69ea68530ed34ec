// Minimal assertions for `deno test` (jsr:@std/assert is not reachable from this network).
export function assert(condition: unknown, message = "assertion failed"): asserts condition {
  if (!condition) throw new Error(message);
}

export function assertEquals<T>(actual: T, expected: T, message?: string) {
  const a = JSON.stringify(actual);
  const e = JSON.stringify(expected);
  if (a !== e) throw new Error(`${message ?? "values differ"}\n  actual:   ${a}\n  expected: ${e}`);
}
