// A throwaway database for tests: a fresh private cluster in a temp folder on a free port, with
// the bootstrap and migrations applied (seed optional), on the Postgres the stack would choose. Run directly, it prints the URL and
// keeps the cluster until Ctrl-C: `npx tsx local-stack/throwaway-db.ts`.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { prepareDatabase } from "./database.ts";
import { freePort } from "./free-port.ts";
import { findPostgres, removeClusterData, startCluster } from "./postgres.ts";

export interface ThrowawayDatabase {
  /** The owner role (postgres, no superuser). */
  url: string;
  /** The superuser, as the Realtime and Storage stand-ins connect. */
  adminUrl: string;
  port: number;
  stop(): void;
}

export async function createThrowawayDatabase(opts: { seed?: boolean } = {}): Promise<ThrowawayDatabase> {
  const dir = mkdtempSync(join(tmpdir(), "marketplace-db-"));
  const port = await freePort();
  const cluster = await startCluster(dir, port, findPostgres());
  try {
    await prepareDatabase(cluster, { seed: opts.seed ?? false });
  } catch (error) {
    cluster.stop();
    removeClusterData(dir);
    throw error;
  }
  return {
    url: cluster.url,
    adminUrl: cluster.adminUrl,
    port,
    stop() {
      cluster.stop();
      removeClusterData(dir);
    },
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const db = await createThrowawayDatabase({ seed: process.argv.includes("--seed") });
  console.log(db.url);
  const stop = () => {
    db.stop();
    process.exit(0);
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
  setInterval(() => {}, 1 << 30); // the cluster runs detached: keep this process until told to stop
}
