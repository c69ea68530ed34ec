// After a deploy: will the hosted project accept the tokens the api function signs? Realtime
// (and Storage, and PostgREST) verify a user's token against the project's JWT signing keys,
// published at <project URL>/auth/v1/.well-known/jwks.json. Our tokens carry the kid of
// JWT_SIGNING_KEY; unless the project's key set holds that kid with the same public key, Realtime
// refuses every signed-in channel (and the app's live updates stop) while the API itself works.
//
//   npm run deploy:verify -- https://<ref>.supabase.co                  (key from JWT_SIGNING_KEY)
//   npm run deploy:verify -- https://<ref>.supabase.co --key signing-key.json
//
// Only the public half of the key is read and printed (kid, curve, x, y): the file or variable
// may hold the private key, as `supabase gen signing-key` writes it, and `d` is never used.
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

export interface PublicKey {
  kid: string;
  kty: string;
  crv: string;
  x: string;
  y: string;
}

export interface Verdict {
  ok: boolean;
  /** What was found and, when not ok, what to do; one line each. */
  lines: string[];
}

/** The public half of an ES256 JWK (or a one-key array, as the CLI can write), or an error. */
export function publicKeyOf(jwkText: string): PublicKey {
  let parsed: unknown;
  try {
    parsed = JSON.parse(jwkText);
  } catch {
    throw new Error("the signing key is not JSON (the output of supabase gen signing-key --algorithm ES256)");
  }
  const jwk = (Array.isArray(parsed) && parsed.length === 1 ? parsed[0] : parsed) as Record<string, unknown>;
  if (!jwk || typeof jwk !== "object" || jwk.kty !== "EC" || jwk.crv !== "P-256") {
    throw new Error("the signing key is not an EC P-256 (ES256) key");
  }
  if (typeof jwk.x !== "string" || typeof jwk.y !== "string") throw new Error("the signing key has no x and y");
  if (typeof jwk.kid !== "string" || !jwk.kid) throw new Error("the signing key has no kid");
  return { kid: jwk.kid, kty: jwk.kty, crv: jwk.crv, x: jwk.x, y: jwk.y };
}

/** Compares the project's published key set with our key. */
export function compareKeySet(jwks: unknown, ours: PublicKey, jwksUrl: string): Verdict {
  const keys = (jwks as { keys?: unknown })?.keys;
  if (!Array.isArray(keys)) {
    return { ok: false, lines: [`${jwksUrl} is not a JSON Web Key Set (no "keys" array).`] };
  }
  const published = keys.filter((key): key is Record<string, unknown> => typeof key === "object" && key !== null);
  const kids = published.map((key) => String(key.kid ?? "(no kid)"));
  const same = published.find((key) => key.kid === ours.kid);
  const importSteps = [
    "Import it: Dashboard > Project Settings > JWT Keys > JWT Signing Keys > Create standby key >",
    "Import an existing private key (the JSON of JWT_SIGNING_KEY), then Rotate keys so it is current.",
  ];
  if (!same) {
    return {
      ok: false,
      lines: [
        `Our signing key (kid ${ours.kid}) is not in the project's key set (kids: ${kids.join(", ") || "none"}).`,
        "Realtime will refuse every token the api function signs: signed-in live updates will not arrive.",
        ...importSteps,
      ],
    };
  }
  const differences = (["kty", "crv", "x", "y"] as const).filter((field) => same[field] !== ours[field]);
  if (same.alg !== undefined && same.alg !== "ES256") differences.push("alg" as never);
  if (differences.length > 0) {
    return {
      ok: false,
      lines: [
        `The project's key with kid ${ours.kid} is a different key (${differences.join(", ")} differ).`,
        "Realtime will refuse our tokens: the function signs with another key than the one the project holds.",
        "Set JWT_SIGNING_KEY (supabase secrets set) to the key the project imported, or import this one anew:",
        ...importSteps,
      ],
    };
  }
  return {
    ok: true,
    lines: [
      `Our signing key (kid ${ours.kid}, ES256, P-256) is in the project's key set (kids: ${kids.join(", ")}).`,
      "Realtime will accept the tokens the api function signs.",
    ],
  };
}

/** Fetches <projectUrl>/auth/v1/.well-known/jwks.json and compares it with `ours`. */
export async function verifyDeploy(projectUrl: string, ours: PublicKey, timeoutMs = 10_000): Promise<Verdict> {
  const jwksUrl = `${projectUrl.replace(/\/+$/, "")}/auth/v1/.well-known/jwks.json`;
  let res: Response;
  try {
    res = await fetch(jwksUrl, { signal: AbortSignal.timeout(timeoutMs) });
  } catch (error) {
    const reason =
      error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : error;
    return { ok: false, lines: [`Could not fetch ${jwksUrl}: ${reason}. Is the project URL right?`] };
  }
  if (!res.ok) {
    await res.body?.cancel();
    return { ok: false, lines: [`${jwksUrl} answered HTTP ${res.status}. Is the project URL right?`] };
  }
  let jwks: unknown;
  try {
    jwks = await res.json();
  } catch {
    return { ok: false, lines: [`${jwksUrl} did not answer JSON.`] };
  }
  return compareKeySet(jwks, ours, jwksUrl);
}

/** The command line: prints the verdict; exit code 0 when Realtime will accept our tokens. */
export async function main(argv: string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const keyAt = argv.indexOf("--key");
  const keyFile = keyAt === -1 ? undefined : argv[keyAt + 1];
  const projectUrl = argv.find((arg, i) => !arg.startsWith("--") && (keyAt === -1 || i !== keyAt + 1));
  if (!projectUrl || !/^https?:\/\//.test(projectUrl) || (keyAt !== -1 && !keyFile)) {
    console.error("usage: npm run deploy:verify -- <project URL> [--key <signing key file>]");
    return 2;
  }
  let ours: PublicKey;
  try {
    const text = keyFile ? readFileSync(keyFile, "utf8") : env.JWT_SIGNING_KEY;
    if (!text) throw new Error("no signing key: set JWT_SIGNING_KEY or pass --key <file>");
    ours = publicKeyOf(text);
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    return 2;
  }
  const verdict = await verifyDeploy(projectUrl, ours);
  for (const line of verdict.lines) (verdict.ok ? console.log : console.error)(line);
  return verdict.ok ? 0 : 1;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  process.exitCode = await main(process.argv.slice(2));
}
