// Do the migrations and the declarative schema (supabase/schemas/) describe the same database?
// Builds both on a throwaway cluster (one database from the migrations, one from the schema files)
// and compares their fingerprints (local-stack/schema-fingerprint.ts). `npm test` runs it first;
// `npm run db:check` runs it alone and prints every difference.
//   npm run db:check                              build both and compare
//   npm run db:check -- --migrations-url <url>    compare the schema files with a database already migrated
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import postgres from "postgres";
import { buildFromSchemaFiles, prepareDatabase, type DatabaseUrls } from "./database.ts";
import { freePort } from "./free-port.ts";
import { findPostgres, removeClusterData, startCluster, type Cluster } from "./postgres.ts";
import { fingerprintDifferences, schemaFingerprint } from "./schema-fingerprint.ts";

const MIGRATIONS = "the migrations";
const SCHEMA_FILES = "supabase/schemas";

/** A throwaway cluster holding two databases: `postgres` from the migrations, `from_schemas` from the schema files. */
export interface TwoBuilds {
  migrations: DatabaseUrls;
  schemaFiles: DatabaseUrls;
  stop(): void;
}

/** The URLs of another database in the same cluster. */
function inDatabase(urls: DatabaseUrls, database: string): DatabaseUrls {
  const swap = (url: string) => Object.assign(new URL(url), { pathname: `/${database}` }).toString();
  return { adminUrl: swap(urls.adminUrl), url: swap(urls.url) };
}

export async function buildBoth(opts: { migrationsUrl?: string } = {}): Promise<TwoBuilds> {
  const dir = mkdtempSync(join(tmpdir(), "marketplace-schema-"));
  let cluster: Cluster | undefined;
  try {
    cluster = await startCluster(dir, await freePort(), findPostgres());
    const admin = postgres(cluster.adminUrl, { max: 1, onnotice: () => {} });
    await admin`create database from_schemas owner postgres`.finally(() => admin.end());
    const schemaFiles = inDatabase(cluster, "from_schemas");
    await buildFromSchemaFiles(schemaFiles);
    const migrations = opts.migrationsUrl ? { adminUrl: opts.migrationsUrl, url: opts.migrationsUrl } : cluster;
    if (!opts.migrationsUrl) await prepareDatabase(cluster, { seed: false });
    const built = cluster;
    return {
      migrations,
      schemaFiles,
      stop() {
        built.stop();
        removeClusterData(dir);
      },
    };
  } catch (error) {
    cluster?.stop();
    removeClusterData(dir);
    throw error;
  }
}

/** Every difference between two built databases, one readable paragraph each; empty when they agree. */
export async function compareBuilds(builds: Pick<TwoBuilds, "migrations" | "schemaFiles">): Promise<string[]> {
  const read = async (url: string) => {
    const sql = postgres(url, { max: 1, onnotice: () => {} });
    try {
      return await schemaFingerprint(sql);
    } finally {
      await sql.end();
    }
  };
  const [fromMigrations, fromSchemaFiles] = await Promise.all([
    read(builds.migrations.adminUrl),
    read(builds.schemaFiles.adminUrl),
  ]);
  return fingerprintDifferences(fromMigrations, fromSchemaFiles, { expected: MIGRATIONS, actual: SCHEMA_FILES });
}

/** Null when the migrations and the schema files agree, else what differs and what to do. */
export async function schemaDifference(opts: { migrationsUrl?: string } = {}): Promise<string | null> {
  const builds = await buildBoth(opts);
  try {
    const differences = await compareBuilds(builds);
    if (differences.length === 0) return null;
    return (
      `${SCHEMA_FILES} and ${MIGRATIONS} disagree on ${differences.length} entr${differences.length === 1 ? "y" : "ies"}:\n` +
      differences.join("\n") +
      `\nChange the schema in ${SCHEMA_FILES}/, then run npm run db:diff -- <name> to write the migration.`
    );
  } finally {
    builds.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const at = process.argv.indexOf("--migrations-url");
  const difference = await schemaDifference({ migrationsUrl: at > 0 ? process.argv[at + 1] : undefined });
  console.log(difference ?? `${SCHEMA_FILES} and ${MIGRATIONS} agree.`);
  process.exit(difference ? 1 : 0);
}
