// What `npm test` needs beyond npm packages: pg_prove with pgTAP, and Chromium. On a fresh machine
// it installs them with apt-get when it can (as root), saying what it installs; otherwise it stops
// at once and names the exact command to run. Postgres itself needs nothing: the stack falls back
// to the embedded one.
import { execFileSync, spawnSync } from "node:child_process";
import { copyFileSync, existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import postgres from "postgres";

export const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const SYSTEM_SHARE = "/usr/share/postgresql";

interface Requirement {
  what: string;
  present: () => boolean;
  debianPackage: string;
}

const requirements: Requirement[] = [
  {
    what: "pg_prove, psql and pgTAP (the database tests)",
    present: () => onPath("pg_prove") && onPath("psql") && systemPgTapDir() !== undefined,
    debianPackage: "postgresql-15-pgtap",
  },
  {
    what: `Chromium at ${chromiumPath} (the browser journeys)`,
    present: () => existsSync(chromiumPath),
    debianPackage: "chromium",
  },
];

function onPath(command: string): boolean {
  return spawnSync("sh", ["-c", `command -v ${command}`], { stdio: "ignore" }).status === 0;
}

/** The newest /usr/share/postgresql/<major>/extension folder that holds pgTAP, if any. */
function systemPgTapDir(): string | undefined {
  if (!existsSync(SYSTEM_SHARE)) return undefined;
  return readdirSync(SYSTEM_SHARE)
    .filter((major) => /^\d+$/.test(major))
    .sort((a, b) => Number(b) - Number(a))
    .map((major) => join(SYSTEM_SHARE, major, "extension"))
    .find((dir) => existsSync(join(dir, "pgtap.control")));
}

/** Installs what is missing, or exits with the command that would. */
export function ensureTestTools() {
  const missing = requirements.filter((requirement) => !requirement.present());
  if (missing.length === 0) return;
  const packages = missing.map((requirement) => requirement.debianPackage);
  const command = `apt-get install -y ${packages.join(" ")}`;
  const canInstall = process.getuid?.() === 0 && onPath("apt-get");
  if (!canInstall) {
    console.error(`npm test needs ${missing.map((requirement) => requirement.what).join(" and ")}.`);
    console.error(
      `Install ${packages.length > 1 ? "them" : "it"}, then run npm test again:\n  sudo apt-get update && sudo ${command}`,
    );
    process.exit(1);
  }
  console.log(`Installing ${missing.map((requirement) => requirement.what).join(" and ")}: ${command}`);
  execFileSync("apt-get", ["update", "-qq"], { stdio: "inherit" });
  execFileSync("apt-get", ["install", "-y", "-qq", ...packages], {
    stdio: ["ignore", "ignore", "inherit"],
    env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
  });
  const stillMissing = requirements.filter((requirement) => !requirement.present());
  if (stillMissing.length > 0) {
    console.error(`Still missing after ${command}: ${stillMissing.map((requirement) => requirement.what).join(", ")}`);
    process.exit(1);
  }
}

/**
 * Creates the pgtap extension in schema extensions, as hosted Supabase offers it. A server without
 * pgTAP's files (the embedded one) first gets them from the system's pgTAP package: pgTAP is plain
 * SQL, so the files work for any server of a supported version.
 */
export async function installPgTap(adminUrl: string) {
  const sql = postgres(adminUrl, { max: 1, onnotice: () => {} });
  try {
    const [{ setting: shareDir }] = await sql`select setting from pg_config where name = 'SHAREDIR'`;
    const target = join(shareDir, "extension");
    if (!existsSync(join(target, "pgtap.control"))) {
      const source = systemPgTapDir();
      if (!source) throw new Error("pgTAP is not installed (apt-get install -y postgresql-15-pgtap)");
      for (const file of readdirSync(source).filter((name) => name.startsWith("pgtap"))) {
        copyFileSync(join(source, file), join(target, file));
      }
    }
    await sql`create extension if not exists pgtap with schema extensions`;
  } finally {
    await sql.end();
  }
}
