// `npm run reset`: wipes the local stack's data (database and stored files). The next
// `npm start` recreates everything from the migrations and the seed.
import { join } from "node:path";
import { removeClusterData } from "./postgres.ts";

const dataDir = join(import.meta.dirname, "..", ".local-stack");
removeClusterData(dataDir);
console.log(`Removed ${dataDir}. The next npm start begins from an empty database.`);
