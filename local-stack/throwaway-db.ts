// A throwaway database for tests: a fresh private cluster in a temp folder on a free port, with
// the bootstrap and migrations applied (seed optional). Run directly, it prints the URL and
// keeps the cluster until Ctrl-C: `npx tsx local-stack/throwaway-db.ts`.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { prepareDatabase } from "./database.ts";
import { freePort } from "./free-port.ts";
import { removeClusterData, startCluster } from "./postgres.ts";

export interface ThrowawayDatabase {
  url: string;
  port: number;
  stop(): void;
}

export async function createThrowawayDatabase(opts: { seed?: boolean } = {}): Promise<ThrowawayDatabase> {
  const dir = mkdtempSync(join(tmpdir(), "marketplace-db-"));
  const port = await freePort();
  const cluster = startCluster(dir, port);
  try {
    await prepareDatabase(cluster.url, { seed: opts.seed ?? false });
  } catch (error) {
    cluster.stop();
    removeClusterData(dir);
    throw error;
  }
  return {
    url: cluster.url,
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
