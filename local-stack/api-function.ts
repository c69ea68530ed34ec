// Runs the `api` edge function under real Deno, as `supabase functions serve` would.
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";

const root = join(import.meta.dirname, "..");
const functionsDir = join(root, "supabase", "functions");

/** The Deno binary the `deno` npm package installed (its wrapper script would hide the PID). */
export function denoBinary(): string {
  const candidates = [
    join(root, "node_modules", "@deno", `${process.platform}-${process.arch}-glibc`, "deno"),
    join(root, "node_modules", "deno", "deno"),
  ];
  const found = candidates.find((path) => existsSync(path));
  if (!found) throw new Error("Deno is not installed: run npm ci");
  return found;
}

export interface ApiFunction {
  url: string;
  stop(): Promise<void>;
}

export async function startApiFunction(opts: {
  port: number;
  databaseUrl: string;
  /** The private ES256 JWK the function signs tokens with. */
  signingKey: string;
  anonKey: string;
  /** The one origin browsers use (Storage URLs and affiliate links start with it). */
  publicUrl: string;
  log?: (line: string) => void;
}): Promise<ApiFunction> {
  const child: ChildProcess = spawn(
    denoBinary(),
    ["run", "--allow-net", "--allow-env", "--allow-read", "--config", join(functionsDir, "api", "deno.json"),
      join(functionsDir, "api", "index.ts")],
    {
      cwd: functionsDir,
      env: {
        ...process.env,
        SUPABASE_DB_URL: opts.databaseUrl,
        JWT_SIGNING_KEY: opts.signingKey,
        SUPABASE_URL: opts.publicUrl,
        SUPABASE_ANON_KEY: opts.anonKey,
        APP_URL: opts.publicUrl,
        API_PORT: String(opts.port),
        API_HOST: "127.0.0.1",
        NO_COLOR: "1",
      },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  const log = opts.log ?? ((line) => process.stderr.write(`[api] ${line}\n`));
  let output = "";
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
    for (const line of chunk.toString().split("\n")) if (line.trim()) log(line);
  };
  child.stdout?.on("data", collect);
  child.stderr?.on("data", collect);
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));

  const url = `http://127.0.0.1:${opts.port}`;
  const deadline = Date.now() + 120_000; // the first start may download npm packages
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the api function exited:\n${output}`);
    try {
      await fetch(`${url}/api/health-check-of-local-stack`);
      break;
    } catch {
      if (Date.now() > deadline) throw new Error(`the api function did not start:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  return {
    url,
    async stop() {
      if (child.exitCode === null) {
        child.kill("SIGTERM");
        await exited;
      }
    },
  };
}
