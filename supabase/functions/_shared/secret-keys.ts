// The project's secret API keys (sb_secret_...), the only service credential the functions use.
// Hosted Supabase gives every function SUPABASE_SECRET_KEYS, a JSON object of key name -> key,
// e.g. {"default":"sb_secret_..."}; the dashboard can add more keys (for rotation) and each
// appears under its own name. The legacy service_role JWT (SUPABASE_SERVICE_ROLE_KEY) is not read:
// Supabase deletes those keys by the end of 2026.
//
// A secret key is not a JWT. It goes only in the `apikey` header, where the API gateway turns it
// into service access; as `Authorization: Bearer` the gateway refuses it ("Invalid JWT").
import { sameSecret } from "./same-secret.ts";

export interface SecretKeys {
  /** The key this function sends (Storage writes): the one named "default", else the first. */
  readonly current: string;
  /** Every key of the project: a scheduled call signed with any of them is accepted (rotation). */
  readonly all: readonly string[];
}

/** Parses SUPABASE_SECRET_KEYS; throws with the variable's name when it is missing or malformed. */
export function parseSecretKeys(raw: string | undefined): SecretKeys {
  const name = "SUPABASE_SECRET_KEYS";
  if (!raw) throw new Error(`${name} is not set`);
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw new Error(`${name} is not JSON: it must be an object of name -> sb_secret_... key`);
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) {
    throw new Error(`${name} must be a JSON object of name -> sb_secret_... key`);
  }
  const entries = Object.entries(parsed as Record<string, unknown>);
  for (const [keyName, value] of entries) {
    // A legacy service_role JWT pasted here would be sent where the gateway wants a secret key.
    if (typeof value !== "string" || !value.startsWith("sb_secret_")) {
      throw new Error(`${name}.${keyName} is not a secret key (sb_secret_...)`);
    }
  }
  if (entries.length === 0) throw new Error(`${name} holds no key`);
  const byName = new Map(entries as [string, string][]);
  return { current: byName.get("default") ?? (entries[0][1] as string), all: [...byName.values()] };
}

export function readSecretKeys(): SecretKeys {
  return parseSecretKeys(Deno.env.get("SUPABASE_SECRET_KEYS"));
}

/**
 * Whether a request carries one of the project's secret keys in its `apikey` header. Compared in
 * constant time against every key, so neither the answer's timing nor which key matched leaks.
 * A key in `Authorization` does not count: hosted's gateway would have refused it already.
 */
export function hasSecretKey(apikey: string | undefined, keys: SecretKeys): boolean {
  let matched = false;
  for (const key of keys.all) matched = sameSecret(apikey ?? "", key) || matched;
  return matched;
}
