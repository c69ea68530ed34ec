// A private PostgreSQL cluster for the local stack: created on first start, reused after, from
// the machine's PostgreSQL 15+ binaries. As root the binaries run as the `postgres` OS user
// (initdb refuses root). Alternatively DATABASE_URL names any server to use instead.
import { execFileSync, spawnSync } from "node:child_process";
import { chownSync, existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const isRoot = process.getuid?.() === 0;

export interface Cluster {
  url: string;
  stop(): void;
}

/** The newest installed PostgreSQL bin directory of version 15 or later, if any. */
export function findPostgresBin(): string | undefined {
  const root = "/usr/lib/postgresql";
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root)
    .map(Number)
    .filter((v) => v >= 15 && existsSync(join(root, String(v), "bin", "postgres")))
    .sort((a, b) => b - a);
  return versions.length ? join(root, String(versions[0]), "bin") : undefined;
}

function run(bin: string, args: string[], opts: { allowFail?: boolean } = {}) {
  const [cmd, argv] = isRoot ? ["runuser", ["-u", "postgres", "--", bin, ...args]] : [bin, args];
  const result = spawnSync(cmd, argv, { encoding: "utf8" });
  if (result.status !== 0 && !opts.allowFail) {
    throw new Error(`${bin} ${args.join(" ")} failed:\n${result.stdout}\n${result.stderr}`);
  }
  return result;
}

/**
 * Starts (initialising if needed) a cluster in `dataDir` listening on 127.0.0.1:`port`.
 * The data directory's parent must be readable by the postgres user when running as root.
 */
export function startCluster(dataDir: string, port: number): Cluster {
  const bin = findPostgresBin();
  if (!bin) {
    throw new Error(
      "No PostgreSQL 15+ binaries found under /usr/lib/postgresql. Install them " +
        "(apt-get install -y postgresql-15) or set DATABASE_URL to an existing server.",
    );
  }
  const pgData = join(dataDir, "pgdata");
  mkdirSync(dataDir, { recursive: true });
  if (isRoot) chownSync(dataDir, uid("postgres"), gid("postgres"));

  if (!existsSync(join(pgData, "PG_VERSION"))) {
    run(join(bin, "initdb"), ["-D", pgData, "-U", "postgres", "--auth=trust", "-E", "UTF8", "--no-sync"]);
    // Logical decoding feeds the realtime stand-in; synchronous_commit stays on (events lag
    // 100-200 ms with it off).
    writeFileSync(
      join(dataDir, "local.conf"),
      [
        "wal_level = logical",
        "max_replication_slots = 20",
        "max_wal_senders = 20",
        "listen_addresses = '127.0.0.1'",
        "unix_socket_directories = ''",
        "fsync = on",
        "max_connections = 200",
        "",
      ].join("\n"),
    );
    if (isRoot) chownSync(join(dataDir, "local.conf"), uid("postgres"), gid("postgres"));
    execFileSync("sh", ["-c", `echo "include '${join(dataDir, "local.conf")}'" >> ${join(pgData, "postgresql.conf")}`]);
  }

  // A previous run that was killed hard may have left the server running: stop it first so the
  // new port applies.
  const status = run(join(bin, "pg_ctl"), ["-D", pgData, "status"], { allowFail: true });
  if (status.status === 0) stopServer(bin, pgData);

  run(join(bin, "pg_ctl"), [
    "-D", pgData, "-w", "-t", "60", "-l", join(dataDir, "postgres.log"),
    "-o", `-p ${port}`, "start",
  ]);

  let stopped = false;
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop() {
      if (stopped) return;
      stopped = true;
      stopServer(bin, pgData);
    },
  };
}

/** Fast shutdown; if a stuck replication client holds it up, an immediate one (crash-safe). */
function stopServer(bin: string, pgData: string) {
  const fast = run(join(bin, "pg_ctl"), ["-D", pgData, "-m", "fast", "-w", "-t", "15", "stop"], { allowFail: true });
  if (fast.status !== 0) run(join(bin, "pg_ctl"), ["-D", pgData, "-m", "immediate", "-w", "stop"], { allowFail: true });
}

export function removeClusterData(dataDir: string) {
  rmSync(dataDir, { recursive: true, force: true });
}

function uid(name: string) {
  return Number(execFileSync("id", ["-u", name], { encoding: "utf8" }).trim());
}
function gid(name: string) {
  return Number(execFileSync("id", ["-g", name], { encoding: "utf8" }).trim());
}
