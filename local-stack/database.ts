// Brings a database up to date the way `supabase db reset` would: local bootstrap, every
// migration once (recorded in supabase_migrations.schema_migrations, as the CLI does), the seed.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import postgres from "postgres";

const root = join(import.meta.dirname, "..");
const migrationsDir = join(root, "supabase", "migrations");

export async function prepareDatabase(url: string, opts: { seed?: boolean } = {}) {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    await sql.unsafe(readFileSync(join(import.meta.dirname, "bootstrap.sql"), "utf8"));
    await sql.unsafe(`
      create schema if not exists supabase_migrations;
      create table if not exists supabase_migrations.schema_migrations (
        version text primary key, name text, statements text[]);`);
    const applied = new Set(
      (await sql`select version from supabase_migrations.schema_migrations`).map((r) => r.version as string),
    );
    const files = readdirSync(migrationsDir).filter((f) => /^\d{14}_.+\.sql$/.test(f)).sort();
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
