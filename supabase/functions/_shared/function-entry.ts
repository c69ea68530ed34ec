// What every function's entry point (index.ts) does the same way: read a required variable, keep
// work going after the answer, and serve.

declare const EdgeRuntime: { waitUntil(work: Promise<unknown>): void } | undefined;

export function requiredEnv(name: string): string {
  const value = Deno.env.get(name);
  if (!value) throw new Error(`${name} is not set`);
  return value;
}

/**
 * Hosted, the worker may stop once the answer is sent unless told to wait; under plain Deno (the
 * local stack) the promise simply runs on.
 */
export function runAfterResponse(work: Promise<unknown>): void {
  if (typeof EdgeRuntime !== "undefined") EdgeRuntime.waitUntil(work);
}

/** Serves the app. The local stack passes FUNCTION_PORT and binds loopback only; hosted Supabase ignores both. */
export function serve(fetch: (request: Request) => Response | Promise<Response>): void {
  const port = Number(Deno.env.get("FUNCTION_PORT") ?? 8000);
  Deno.serve({ port, hostname: Deno.env.get("FUNCTION_HOST") ?? "127.0.0.1", onListen: () => {} }, fetch);
}
