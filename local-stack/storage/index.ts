// The Storage stand-in: the part of Supabase Storage's HTTP API this project uses, on the local
// Postgres (storage.buckets / storage.objects, with the project's RLS policies) and a folder.
//   POST /storage/v1/object/{bucket}/{key}          upload (x-upsert: true overwrites)
//   PUT  /storage/v1/object/{bucket}/{key}          upload that overwrites (storage-js update())
//   GET  /storage/v1/object/public/{bucket}/{key}   public download (HEAD too)
// Every other Storage route answers 404 in hosted Storage's shape. Errors keep hosted Storage's
// codes, messages and HTTP statuses (see errors.ts).
import type { JWTVerifyGetKey } from "jose";
import type { IncomingMessage, ServerResponse } from "node:http";
import postgres from "postgres";
import type { ApiKeys } from "../keys.ts";
import { CallerVerifier } from "./caller.ts";
import { StorageError, sendRouteNotFound, sendStorageError, storageErrors } from "./errors.ts";
import { ObjectFiles } from "./object-files.ts";
import { handlePublicDownload } from "./public-download.ts";
import { StorageTables } from "./storage-tables.ts";
import { handleUpload } from "./upload.ts";
import { globalLimitFromConfig } from "./upload-rules.ts";

export interface StorageServer {
  /** Handles a request whose path starts with /storage/v1/. */
  handle(req: IncomingMessage, res: ServerResponse): Promise<void>;
  close(): Promise<void>;
}

export interface StorageOptions {
  databaseUrl: string;
  /** The project's public key set (the function's JWKS in the stack). */
  keySet: JWTVerifyGetKey;
  /** The project's publishable and secret API keys (the gateway's part: see caller.ts). */
  apiKeys?: ApiKeys;
  /** Object bytes go to `${dataDir}/<bucket>/<key>`. */
  dataDir: string;
  /** The project-wide upload cap; defaults to [storage] file_size_limit of supabase/config.toml. */
  globalFileSizeLimit?: number;
}

const PREFIX = "/storage/v1/";
// Hosted routes under /object/ whose first segment is not a bucket; not implemented here.
const OTHER_OBJECT_ROUTES = new Set(["sign", "upload", "list", "move", "copy", "info", "authenticated"]);
// How much of an unwanted body (after a refusal) is read and dropped before the connection is
// cut: enough for any reasonable client to finish sending and read the answer.
const MAX_DISCARDED_BYTES = 64 * 1024 * 1024;

export function createStorage(opts: StorageOptions): StorageServer {
  const sql = postgres(opts.databaseUrl, { max: 10, onnotice: () => {} });
  const callers = new CallerVerifier(opts.keySet, opts.apiKeys);
  const tables = new StorageTables(sql);
  const files = new ObjectFiles(opts.dataDir);
  const globalLimit = opts.globalFileSizeLimit ?? globalLimitFromConfig();

  async function route(
    req: IncomingMessage,
    res: ServerResponse,
    method: string,
    path: string,
    query: URLSearchParams,
  ) {
    const rest = path.startsWith(PREFIX) ? path.slice(PREFIX.length) : undefined;
    if (rest?.startsWith("object/public/") && (method === "GET" || method === "HEAD")) {
      return handlePublicDownload({ tables, files }, req, res, rest.slice("object/public/".length), query);
    }
    if (rest?.startsWith("object/") && (method === "POST" || method === "PUT")) {
      const objectPath = rest.slice("object/".length);
      if (!OTHER_OBJECT_ROUTES.has(objectPath.split("/")[0])) {
        const upsert = method === "PUT" || req.headers["x-upsert"] === "true";
        return handleUpload({ callers, tables, files, globalLimit }, req, res, objectPath, upsert);
      }
    }
    sendRouteNotFound(res, method, path);
  }

  return {
    async handle(req, res) {
      const method = req.method ?? "GET";
      // The raw path, not a parsed URL: URL parsing would resolve ".." segments before the key
      // checks could refuse them.
      const target = req.url ?? "/";
      const queryAt = target.indexOf("?");
      const path = queryAt === -1 ? target : target.slice(0, queryAt);
      const query = new URLSearchParams(queryAt === -1 ? "" : target.slice(queryAt + 1));
      try {
        await route(req, res, method, path, query);
      } catch (error) {
        // A client that hangs up during a download is not a fault of the stand-in.
        const clientGone = res.destroyed;
        if (!(error instanceof StorageError) && !clientGone) console.error("[storage]", error);
        if (res.headersSent) {
          res.destroy(); // a download failed midway: the client must not take it for complete
        } else {
          const answer = error instanceof StorageError ? error : storageErrors.internal();
          sendStorageError(res, answer, { withBody: method !== "HEAD" });
        }
      } finally {
        discardRestOfBody(req);
      }
    },
    async close() {
      await sql.end({ timeout: 5 });
    },
  };
}

/**
 * A refused upload leaves its body unread; reading and dropping it lets the client finish sending
 * and read the answer on a connection that stays usable. Past a limit the connection is cut.
 */
function discardRestOfBody(req: IncomingMessage) {
  if (req.complete || req.destroyed) return;
  let discarded = 0;
  req.on("data", (chunk: Buffer) => {
    discarded += chunk.length;
    if (discarded > MAX_DISCARDED_BYTES) req.destroy();
  });
  req.resume();
}
