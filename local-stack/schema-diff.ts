// `npm run db:diff -- <name>`: writes the migration that takes the database the migrations give to
// the one supabase/schemas/ describes, as `supabase db diff` would (it needs Docker, which this
// project's machines lack). Both are built on a throwaway cluster; migra (@pgkit/migra) writes the
// statements; the migration is then applied and the two compared again, and whatever migra cannot
// express (comments, publication members, default privileges, reference data) is listed for the
// engineer to add by hand. Review the file before committing it: a dropped column loses its data.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { run as migra } from "@pgkit/migra";
import postgres from "postgres";
import { buildBoth, compareBuilds } from "./schema-check.ts";

const root = join(import.meta.dirname, "..");

/** A migration's version: the UTC time as YYYYMMDDHHMMSS, as `supabase migration new` names them. */
const version = (at: Date) => at.toISOString().replace(/\D/g, "").slice(0, 14);

const name = process.argv[2];
if (!name || !/^[a-z0-9_]+$/.test(name)) {
  console.error("Usage: npm run db:diff -- <name>   (the migration's name: lower-case letters, digits and _)");
  process.exit(2);
}

const builds = await buildBoth();
try {
  const migration = await migra(builds.migrations.adminUrl, builds.schemaFiles.adminUrl, {
    unsafe: true,
    withPrivileges: true,
    excludeSchema: ["supabase_migrations"],
  });
  const statements = migration.sql.trim();
  const before = await compareBuilds(builds);
  if (statements === "" && before.length === 0) {
    console.log("Nothing to write: the migrations already give what supabase/schemas/ describes.");
  } else {
    const file = join(root, "supabase", "migrations", `${version(new Date())}_${name}.sql`);
    const text =
      `-- ${name.replaceAll("_", " ")}: written by npm run db:diff from supabase/schemas/. Reviewed by: (you).\n\n` +
      `${statements}\n`;
    writeFileSync(file, text);
    console.log(`Wrote ${file}`);
    // What the written statements leave different is what migra cannot express.
    const sql = postgres(builds.migrations.url, { max: 1, onnotice: () => {} });
    try {
      await sql.begin(async (tx) => {
        await tx.unsafe("set local role postgres");
        await tx.unsafe(statements);
      });
    } finally {
      await sql.end();
    }
    const left = await compareBuilds(builds);
    if (left.length > 0) {
      console.log(`\nAdd these to the migration by hand (migra does not write them), then run npm run db:check:\n`);
      console.log(left.join("\n"));
    }
  }
} finally {
  builds.stop();
}
// migra's database clients keep the event loop alive.
process.exit(0);
