// `npm run reset`: wipes the local stack's data (database and stored files). The next
// `npm start` recreates everything from the migrations and the seed.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { removeClusterData } from "./postgres.ts";

const dataDir = process.env.LOCAL_STACK_DIR ?? join(import.meta.dirname, "..", ".local-stack");
const lockFile = join(dataDir, "stack.pid");
if (existsSync(lockFile)) {
  const pid = Number(readFileSync(lockFile, "utf8"));
  try {
    process.kill(pid, 0);
    console.error(`npm start (PID ${pid}) is running on this data. Stop it first (Ctrl-C there).`);
    process.exit(1);
  } catch {
    // a stale lock from a stack that is gone
  }
}
removeClusterData(dataDir);
console.log(`Removed ${dataDir}. The next npm start begins from an empty database.`);
