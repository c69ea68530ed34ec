// Brings a database up to date the way `supabase db reset` would: local bootstrap, every
// migration once (recorded in supabase_migrations.schema_migrations, as the CLI does), the seed.
// The bootstrap runs as the superuser; migrations and seed as the owner role (`postgres`, no
// superuser), as `supabase db push` runs them on a hosted project.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import postgres from "postgres";

const root = join(import.meta.dirname, "..");
const migrationsDir = join(root, "supabase", "migrations");
const schemasDir = join(root, "supabase", "schemas");

export interface DatabaseUrls {
  /** A superuser connection (supabase_admin). */
  adminUrl: string;
  /** The owner role's connection (postgres). */
  url: string;
}

/** What hosted Supabase has before any migration (local-stack/bootstrap.sql), as the superuser. */
async function bootstrapDatabase(adminUrl: string) {
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(readFileSync(join(import.meta.dirname, "bootstrap.sql"), "utf8"));
    const [{ rolsuper }] = await admin`select rolsuper from pg_roles where rolname = 'postgres'`;
    if (rolsuper) {
      console.warn(
        "Note: role postgres is a superuser on this server: migrations are not checked against hosted's privileges.",
      );
    }
  } finally {
    await admin.end();
  }
}

/** The files of supabase/schemas/, in the order they apply (their names'), as the CLI's schema_paths glob takes them. */
export function schemaFiles(): string[] {
  return readdirSync(schemasDir)
    .filter((f) => f.endsWith(".sql"))
    .sort()
    .map((f) => join(schemasDir, f));
}

/**
 * Builds a database from the declarative schema instead of the migrations: the bootstrap, then
 * every file of supabase/schemas/ in order, as the owner role. Only for comparing the two
 * (local-stack/schema-check.ts); a database the stack runs on is always made by its migrations.
 */
export async function buildFromSchemaFiles(urls: DatabaseUrls) {
  await bootstrapDatabase(urls.adminUrl);
  const sql = postgres(urls.url, { max: 1, onnotice: () => {} });
  try {
    await sql.unsafe("set role postgres");
    for (const file of schemaFiles()) {
      try {
        await sql.unsafe(readFileSync(file, "utf8"));
      } catch (error) {
        throw new Error(`${file}: ${(error as Error).message}`, { cause: error });
      }
    }
  } finally {
    await sql.end();
  }
}

export async function prepareDatabase(urls: DatabaseUrls, opts: { seed?: boolean } = {}) {
  await bootstrapDatabase(urls.adminUrl);
  // One connection for everything below, switched to `postgres` for the session: a no-op when it
  // signs in as postgres, and what keeps migrations off superuser rights when DATABASE_URL names
  // another superuser.
  const sql = postgres(urls.url, { max: 1, onnotice: () => {} });
  try {
    await sql.unsafe(`
      set role postgres;
      create schema if not exists supabase_migrations;
      create table if not exists supabase_migrations.schema_migrations (
        version text primary key, name text, statements text[]);`);
    const applied = new Set(
      (await sql`select version from supabase_migrations.schema_migrations`).map((r) => r.version as string),
    );
    const files = readdirSync(migrationsDir)
      .filter((f) => /^\d{14}_.+\.sql$/.test(f))
      .sort();
    // A database made by migrations that no longer exist (the pre-release history was folded into
    // clean migrations) cannot be brought up to date: say so instead of failing half-way.
    const known = new Set(files.map((file) => file.slice(0, 14)));
    const unknown = [...applied].filter((version) => !known.has(version)).sort();
    if (unknown.length > 0) {
      throw new Error(
        `This database has migrations that are no longer in supabase/migrations (${unknown.join(", ")}): ` +
          "the pre-release history was folded into clean migrations. Run npm run reset to start it afresh.",
      );
    }
    for (const file of files) {
      const version = file.slice(0, 14);
      if (applied.has(version)) continue;
      const text = readFileSync(join(migrationsDir, file), "utf8");
      await sql.begin(async (tx) => {
        await tx.unsafe(text);
        await tx`insert into supabase_migrations.schema_migrations (version, name)
                 values (${version}, ${file.slice(15, -4)})`;
      });
    }
    if (opts.seed !== false) {
      await sql.unsafe(readFileSync(join(root, "supabase", "seed.sql"), "utf8"));
    }
  } finally {
    await sql.end();
  }
}

/** Creates (or resets the password of) the seed admin. There is no API path to this. */
export async function seedAdmin(url: string, email: string, password: string) {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    await sql`select private.create_admin(${email}, ${password})`;
  } finally {
    await sql.end();
  }
}
