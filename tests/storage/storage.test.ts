// The Storage stand-in as the app sees it: the real supabase-js client against createStorage() on
// a throwaway database, with buckets and RLS policies created the way a migration would. Each
// case asserts what a caller observes: storage-js results and errors, HTTP status and body, the
// bytes and headers of the public URL, the storage.objects row.
import { randomBytes, randomUUID } from "node:crypto";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { createServer, request as httpRequest, type Server } from "node:http";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { createClient, type SupabaseClient, type WebSocketLikeConstructor } from "@supabase/supabase-js";
import postgres, { type Sql } from "postgres";
import WebSocket from "ws";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../../local-stack/free-port.ts";
import { keys, localApiKeys, localSigningKey } from "../../local-stack/keys.ts";
import { createStorage, type StorageServer } from "../../local-stack/storage/index.ts";
import { createThrowawayDatabase, type ThrowawayDatabase } from "../../local-stack/throwaway-db.ts";
import { signLegacy, signLocal, signWithOtherKey } from "../helpers/tokens.ts";

const MiB = 1024 * 1024;
const PUBLIC_BUCKET = "test-media";
const PRIVATE_BUCKET = "test-private";
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);
const GIF = Buffer.from("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7", "base64");

let db: ThrowawayDatabase;
let sql: Sql;
let storage: StorageServer;
let server: Server;
let baseUrl: string;
let workDir: string;
let dataDir: string;
const userId = randomUUID();
const otherUserId = randomUUID();
let userToken: string;

beforeAll(async () => {
  db = await createThrowawayDatabase();
  sql = postgres(db.url, { max: 2, onnotice: () => {} });
  // As a migration would create them on hosted Supabase: bucket rows and policies on storage.objects.
  await sql.unsafe(`
    insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
    values ('${PUBLIC_BUCKET}', '${PUBLIC_BUCKET}', true, ${MiB}, array['image/png', 'image/jpeg', 'image/gif']),
           ('${PRIVATE_BUCKET}', '${PRIVATE_BUCKET}', false, null, null);
    create policy "members upload into their own folder" on storage.objects for insert to authenticated
      with check (bucket_id = '${PUBLIC_BUCKET}' and owner = auth.uid() and split_part(name, '/', 1) = auth.uid()::text);
    create policy "members see their own files" on storage.objects for select to authenticated
      using (bucket_id = '${PUBLIC_BUCKET}' and owner = auth.uid());
    create policy "members replace their own files" on storage.objects for update to authenticated
      using (bucket_id = '${PUBLIC_BUCKET}' and owner = auth.uid());
  `);

  workDir = mkdtempSync(join(tmpdir(), "storage-test-"));
  dataDir = join(workDir, "data");
  storage = createStorage({
    databaseUrl: db.adminUrl,
    keySet: (await localSigningKey()).verifyKey,
    apiKeys: localApiKeys(),
    dataDir,
  });
  server = createServer((req, res) => {
    if ((req.url ?? "").startsWith("/storage/v1/")) {
      storage.handle(req, res).catch((error) => {
        res.destroy();
        throw error;
      });
    } else {
      res.writeHead(404).end();
    }
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${port}`;
  userToken = await signToken({ role: "authenticated", sub: userId, aud: "authenticated" });
});

afterAll(async () => {
  if (server) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
  await storage?.close();
  await sql?.end();
  db?.stop();
  if (workDir) rmSync(workDir, { recursive: true, force: true });
});

const signToken = (claims: Record<string, unknown>) => signLocal(claims);

/** supabase-js exactly as the app uses it, with the given access token. */
function clientAs(token: string): SupabaseClient {
  // Node 20 has no global WebSocket, which supabase-js wants for Realtime even when unused.
  return createClient(baseUrl, keys.publishableKey, {
    accessToken: async () => token,
    realtime: { transport: WebSocket as unknown as WebSocketLikeConstructor },
  });
}
/**
 * supabase-js holding the secret key as a server uses it: the key goes only in `apikey` (the api
 * function sends it so). supabase-js would also send it as a bearer token, which is refused.
 */
function asService(): SupabaseClient {
  return createClient(baseUrl, keys.secretKey, {
    realtime: { transport: WebSocket as unknown as WebSocketLikeConstructor },
    global: {
      fetch: (input, init) => {
        const headers = new Headers(init?.headers);
        headers.delete("authorization");
        return fetch(input, { ...init, headers });
      },
    },
  });
}
const asUser = () => clientAs(userToken);
const asAnon = () => clientAs(keys.publishableKey);
const secretKeyOnly = { apikey: keys.secretKey };

/** A request with its path exactly as written: URL parsing (fetch) would resolve "..", "%2e%2e". */
function rawRequest(method: string, path: string, headers: Record<string, string> = {}, body?: Buffer) {
  return new Promise<{ status: number; headers: Record<string, unknown>; body: any }>((resolve, reject) => {
    const { hostname, port } = new URL(baseUrl);
    const req = httpRequest({ hostname, port, path, method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk) => chunks.push(chunk));
      res.on("end", () => {
        const text = Buffer.concat(chunks).toString("utf8");
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text ? JSON.parse(text) : null });
      });
    });
    req.on("error", reject);
    req.end(body);
  });
}

async function fetchPublic(client: SupabaseClient, bucket: string, path: string, init?: RequestInit) {
  const { data } = client.storage.from(bucket).getPublicUrl(path);
  const res = await fetch(data.publicUrl, init);
  return { res, bytes: Buffer.from(await res.arrayBuffer()) };
}

async function objectRow(bucket: string, name: string) {
  const [row] =
    await sql`select id, owner, metadata from storage.objects where bucket_id = ${bucket} and name = ${name}`;
  return row;
}

/** Every file under the data folder, relative to it (the bytes the stand-in keeps). */
function storedFiles(dir = dataDir, prefix = ""): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? storedFiles(join(dir, entry.name), `${prefix}${entry.name}/`) : [`${prefix}${entry.name}`],
  );
}

const errorBody = (statusCode: string, code: string, error: string, message: string) => ({
  statusCode,
  code,
  error,
  message,
});

describe("uploads that succeed", () => {
  it("stores a raw body uploaded with the service role and serves it at its public URL", async () => {
    const { data, error } = await asService()
      .storage.from(PUBLIC_BUCKET)
      .upload("logos/shop.png", PNG, { contentType: "image/png" });
    expect(error).toBeNull();
    expect(data).toEqual({
      path: "logos/shop.png",
      fullPath: `${PUBLIC_BUCKET}/logos/shop.png`,
      id: expect.any(String),
    });

    const { res, bytes } = await fetchPublic(asAnon(), PUBLIC_BUCKET, "logos/shop.png");
    expect(res.status).toBe(200);
    expect(bytes.equals(PNG)).toBe(true);
    expect(res.headers.get("content-type")).toBe("image/png");
    expect(res.headers.get("content-length")).toBe(String(PNG.length));
    expect(res.headers.get("cache-control")).toBe("max-age=3600");
    expect(res.headers.get("etag")).toMatch(/^"[0-9a-f]{32}"$/);
    expect(readFileSync(join(dataDir, PUBLIC_BUCKET, "logos", "shop.png")).equals(PNG)).toBe(true);

    const row = await objectRow(PUBLIC_BUCKET, "logos/shop.png");
    expect(row).toMatchObject({ id: data!.id, owner: null });
    expect(row.metadata).toMatchObject({
      mimetype: "image/png",
      size: PNG.length,
      cacheControl: "max-age=3600",
      eTag: res.headers.get("etag"),
    });
  });

  it("stores a Blob (sent as multipart) from a signed-in user into their folder, owned by them", async () => {
    // Random bytes large enough to arrive in many chunks, with whatever byte runs they contain.
    const bytes = randomBytes(900 * 1024);
    const path = `${userId}/cover.jpg`;
    const { data, error } = await asUser()
      .storage.from(PUBLIC_BUCKET)
      .upload(path, new Blob([bytes], { type: "image/jpeg" }), { cacheControl: "60" });
    expect(error).toBeNull();
    expect(data).toEqual({ path, fullPath: `${PUBLIC_BUCKET}/${path}`, id: expect.any(String) });

    const download = await fetchPublic(asAnon(), PUBLIC_BUCKET, path);
    expect(download.res.status).toBe(200);
    expect(download.bytes.equals(bytes)).toBe(true);
    expect(download.res.headers.get("content-type")).toBe("image/jpeg");
    expect(download.res.headers.get("cache-control")).toBe("max-age=60");

    const row = await objectRow(PUBLIC_BUCKET, path);
    expect(row).toMatchObject({ id: data!.id, owner: userId });
    expect(row.metadata).toMatchObject({ mimetype: "image/jpeg", size: bytes.length });
  });

  it("answers HEAD with the headers only, and a matching If-None-Match with 304", async () => {
    const { data } = asAnon().storage.from(PUBLIC_BUCKET).getPublicUrl("logos/shop.png");
    const head = await fetch(data.publicUrl, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers.get("content-type")).toBe("image/png");
    expect(head.headers.get("content-length")).toBe(String(PNG.length));
    expect((await head.arrayBuffer()).byteLength).toBe(0);

    const again = await fetch(data.publicUrl, { headers: { "if-none-match": head.headers.get("etag")! } });
    expect(again.status).toBe(304);
  });

  it("gives a download name with ?download", async () => {
    const { data } = asAnon().storage.from(PUBLIC_BUCKET).getPublicUrl("logos/shop.png", { download: "logo.png" });
    const res = await fetch(data.publicUrl);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toBe("attachment; filename=logo.png; filename*=UTF-8''logo.png");
    expect(Buffer.from(await res.arrayBuffer()).equals(PNG)).toBe(true);
  });
});

describe("overwriting", () => {
  it("refuses a second upload to the same path without upsert, keeping the first", async () => {
    const { error } = await asService()
      .storage.from(PUBLIC_BUCKET)
      .upload("logos/shop.png", GIF, { contentType: "image/gif" });
    expect(error).toMatchObject({
      name: "StorageApiError",
      status: 400,
      statusCode: "409",
      message: "The resource already exists",
    });
    const { bytes, res } = await fetchPublic(asAnon(), PUBLIC_BUCKET, "logos/shop.png");
    expect(bytes.equals(PNG)).toBe(true);
    expect(res.headers.get("content-type")).toBe("image/png");
  });

  it("replaces the object with upsert: same id, new bytes, type and ETag", async () => {
    const before = await objectRow(PUBLIC_BUCKET, "logos/shop.png");
    const { data, error } = await asService()
      .storage.from(PUBLIC_BUCKET)
      .upload("logos/shop.png", GIF, { contentType: "image/gif", upsert: true });
    expect(error).toBeNull();
    expect(data).toEqual({ path: "logos/shop.png", fullPath: `${PUBLIC_BUCKET}/logos/shop.png`, id: before.id });

    const { bytes, res } = await fetchPublic(asAnon(), PUBLIC_BUCKET, "logos/shop.png");
    expect(bytes.equals(GIF)).toBe(true);
    expect(res.headers.get("content-type")).toBe("image/gif");
    expect(res.headers.get("etag")).not.toBe(before.metadata.eTag);
  });

  it("replaces the object with update() (PUT)", async () => {
    const { error } = await asService()
      .storage.from(PUBLIC_BUCKET)
      .update("logos/shop.png", PNG, { contentType: "image/png" });
    expect(error).toBeNull();
    const { bytes } = await fetchPublic(asAnon(), PUBLIC_BUCKET, "logos/shop.png");
    expect(bytes.equals(PNG)).toBe(true);
  });

  it("lets a signed-in user replace their own file when the policies allow it", async () => {
    const path = `${userId}/avatar.gif`;
    expect(
      (await asUser().storage.from(PUBLIC_BUCKET).upload(path, GIF, { contentType: "image/gif" })).error,
    ).toBeNull();
    const { error } = await asUser()
      .storage.from(PUBLIC_BUCKET)
      .upload(path, PNG, { contentType: "image/png", upsert: true });
    expect(error).toBeNull();
    expect((await fetchPublic(asAnon(), PUBLIC_BUCKET, path)).bytes.equals(PNG)).toBe(true);
    expect(await objectRow(PUBLIC_BUCKET, path)).toMatchObject({ owner: userId });
  });
});

describe("API keys, as hosted's gateway takes them", () => {
  const upload = (path: string, headers: Record<string, string>) =>
    rawRequest("POST", `/storage/v1/object/${PUBLIC_BUCKET}/${path}`, { ...headers, "content-type": "image/png" }, PNG);

  it("grants service access to the secret key in apikey", async () => {
    const res = await upload("keys/by-apikey.png", { apikey: keys.secretKey });
    expect(res).toMatchObject({ status: 200, body: { Key: `${PUBLIC_BUCKET}/keys/by-apikey.png` } });
    expect(await objectRow(PUBLIC_BUCKET, "keys/by-apikey.png")).toMatchObject({ owner: null });
  });

  it("refuses the secret key as a bearer token (it is not a JWT), with or without apikey", async () => {
    for (const headers of [
      { authorization: `Bearer ${keys.secretKey}` } as Record<string, string>,
      { authorization: `Bearer ${keys.secretKey}`, apikey: keys.secretKey },
      { authorization: `Bearer ${keys.secretKey}`, apikey: keys.publishableKey },
    ]) {
      const res = await upload("keys/by-bearer.png", headers);
      expect(res).toEqual({
        status: 401,
        headers: expect.anything(),
        body: errorBody("401", "InvalidJWT", "Unauthorized", "Invalid JWT"),
      });
    }
    expect(await objectRow(PUBLIC_BUCKET, "keys/by-bearer.png")).toBeUndefined();
  });

  it("gives the publishable key anon access only: RLS refuses its writes", async () => {
    for (const headers of [
      { apikey: keys.publishableKey } as Record<string, string>,
      { apikey: keys.publishableKey, authorization: `Bearer ${keys.publishableKey}` },
    ]) {
      const res = await upload("keys/by-publishable.png", headers);
      expect(res.body).toEqual(
        errorBody("403", "AccessDenied", "Unauthorized", "new row violates row-level security policy"),
      );
    }
    expect(await objectRow(PUBLIC_BUCKET, "keys/by-publishable.png")).toBeUndefined();
  });

  it("refuses a key the project does not have, and the legacy service_role JWT", async () => {
    const unknown = await upload("keys/unknown.png", { apikey: "sb_secret_not-this-projects" });
    expect(unknown).toMatchObject({
      status: 401,
      body: errorBody("401", "InvalidApiKey", "Unauthorized", "Invalid API key"),
    });
    // A legacy service_role key is signed with the legacy shared secret, which the project revoked.
    const legacy = await signLegacy({ role: "service_role", iss: "supabase-demo" });
    const res = await upload("keys/legacy.png", { authorization: `Bearer ${legacy}`, apikey: legacy });
    expect(res.body).toEqual(errorBody("403", "AccessDenied", "Unauthorized", "invalid signature"));
    expect(await objectRow(PUBLIC_BUCKET, "keys/unknown.png")).toBeUndefined();
    expect(await objectRow(PUBLIC_BUCKET, "keys/legacy.png")).toBeUndefined();
  });
});

describe("refusals", () => {
  it("refuses an object over the bucket's file_size_limit (declared length), storing nothing", async () => {
    const { data, error } = await asService()
      .storage.from(PUBLIC_BUCKET)
      .upload("big/declared.png", Buffer.alloc(MiB + 1), { contentType: "image/png" });
    expect(data).toBeNull();
    expect(error).toMatchObject({
      status: 400,
      statusCode: "413",
      message: "The object exceeded the maximum allowed size",
    });

    const res = await fetch(`${baseUrl}/storage/v1/object/${PUBLIC_BUCKET}/big/declared.png`, {
      method: "POST",
      headers: { ...secretKeyOnly, "content-type": "image/png" },
      body: Buffer.alloc(MiB + 1),
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual(
      errorBody("413", "EntityTooLarge", "Payload too large", "The object exceeded the maximum allowed size"),
    );
    expect(await objectRow(PUBLIC_BUCKET, "big/declared.png")).toBeUndefined();
  });

  it("refuses an oversize Blob (multipart, size known only while streaming) and a streamed body", async () => {
    const { error } = await asService()
      .storage.from(PUBLIC_BUCKET)
      .upload("big/blob.png", new Blob([Buffer.alloc(MiB + 1)], { type: "image/png" }));
    expect(error).toMatchObject({
      status: 400,
      statusCode: "413",
      message: "The object exceeded the maximum allowed size",
    });

    // A body without Content-Length, much larger than the limit: refused while streaming.
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent >= 8 * MiB) return controller.close();
        sent += 64 * 1024;
        controller.enqueue(new Uint8Array(64 * 1024));
      },
    });
    const res = await fetch(`${baseUrl}/storage/v1/object/${PUBLIC_BUCKET}/big/stream.png`, {
      method: "POST",
      headers: { ...secretKeyOnly, "content-type": "image/png" },
      body: stream,
      duplex: "half",
    } as RequestInit);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual(
      errorBody("413", "EntityTooLarge", "Payload too large", "The object exceeded the maximum allowed size"),
    );

    expect(await objectRow(PUBLIC_BUCKET, "big/blob.png")).toBeUndefined();
    expect(await objectRow(PUBLIC_BUCKET, "big/stream.png")).toBeUndefined();
    expect(storedFiles().filter((file) => file.includes("big/") || file.startsWith("~incoming/"))).toEqual([]);
  });

  it("refuses a content type the bucket does not allow", async () => {
    const { error } = await asService()
      .storage.from(PUBLIC_BUCKET)
      .upload("docs/readme.txt", "hello", { contentType: "text/plain" });
    expect(error).toMatchObject({ status: 400, statusCode: "415", message: "mime type text/plain is not supported" });

    const blob = await asService()
      .storage.from(PUBLIC_BUCKET)
      .upload("docs/page.html", new Blob(["<p>hi</p>"], { type: "text/html" }));
    expect(blob.error).toMatchObject({
      status: 400,
      statusCode: "415",
      message: "mime type text/html is not supported",
    });

    const res = await rawRequest(
      "POST",
      `/storage/v1/object/${PUBLIC_BUCKET}/docs/readme.txt`,
      { ...secretKeyOnly, "content-type": "text/plain" },
      Buffer.from("hello"),
    );
    expect(res.status).toBe(400);
    expect(res.body).toEqual(
      errorBody("415", "InvalidMimeType", "invalid_mime_type", "mime type text/plain is not supported"),
    );
    expect(await objectRow(PUBLIC_BUCKET, "docs/readme.txt")).toBeUndefined();
  });

  it("lets RLS refuse the anon key, and a user writing outside their folder", async () => {
    const anon = await asAnon().storage.from(PUBLIC_BUCKET).upload("anon/evil.png", PNG, { contentType: "image/png" });
    expect(anon.error).toMatchObject({
      status: 400,
      statusCode: "403",
      message: "new row violates row-level security policy",
    });

    const trespass = await asUser()
      .storage.from(PUBLIC_BUCKET)
      .upload(`${otherUserId}/evil.png`, PNG, { contentType: "image/png" });
    expect(trespass.error).toMatchObject({
      status: 400,
      statusCode: "403",
      message: "new row violates row-level security policy",
    });

    // No policy at all on the private bucket for signed-in users.
    const privateUpload = await asUser()
      .storage.from(PRIVATE_BUCKET)
      .upload(`${userId}/doc.png`, PNG, { contentType: "image/png" });
    expect(privateUpload.error).toMatchObject({ status: 400, statusCode: "403" });

    const res = await rawRequest(
      "POST",
      `/storage/v1/object/${PUBLIC_BUCKET}/anon/evil.png`,
      { authorization: `Bearer ${keys.publishableKey}`, apikey: keys.publishableKey, "content-type": "image/png" },
      PNG,
    );
    expect(res.body).toEqual(
      errorBody("403", "AccessDenied", "Unauthorized", "new row violates row-level security policy"),
    );
    expect(await objectRow(PUBLIC_BUCKET, "anon/evil.png")).toBeUndefined();
    expect(await objectRow(PUBLIC_BUCKET, `${otherUserId}/evil.png`)).toBeUndefined();
    expect(storedFiles().some((file) => file.includes("evil"))).toBe(false);
  });

  it("refuses an upsert over someone else's file when the policies do not allow it", async () => {
    const path = `${userId}/mine.png`;
    expect(
      (await asUser().storage.from(PUBLIC_BUCKET).upload(path, PNG, { contentType: "image/png" })).error,
    ).toBeNull();
    const other = clientAs(await signToken({ role: "authenticated", sub: otherUserId }));
    const { error } = await other.storage
      .from(PUBLIC_BUCKET)
      .upload(path, GIF, { contentType: "image/gif", upsert: true });
    expect(error).toMatchObject({ status: 400, statusCode: "403" });
    expect((await fetchPublic(asAnon(), PUBLIC_BUCKET, path)).bytes.equals(PNG)).toBe(true);
  });

  it("refuses tokens that are missing, forged or name an unknown role", async () => {
    // Hosted Storage answers HTTP 400 with statusCode "403" in the body (storage-js: error.statusCode).
    for (const forgedToken of [
      await signLegacy({ role: "service_role" }),
      await signWithOtherKey({ role: "service_role" }),
    ]) {
      const forged = clientAs(forgedToken);
      const { error } = await forged.storage
        .from(PUBLIC_BUCKET)
        .upload("logos/forged.png", PNG, { contentType: "image/png" });
      expect(error).toMatchObject({ status: 400, statusCode: "403", message: "invalid signature" });
    }
    expect(await objectRow(PUBLIC_BUCKET, "logos/forged.png")).toBeUndefined();

    const missing = await rawRequest(
      "POST",
      `/storage/v1/object/${PUBLIC_BUCKET}/logos/none.png`,
      { "content-type": "image/png" },
      PNG,
    );
    expect(missing).toMatchObject({
      status: 400,
      body: errorBody("403", "AccessDenied", "Unauthorized", "jwt must be provided"),
    });

    const superuser = clientAs(await signToken({ role: "postgres" }));
    const escalation = await superuser.storage
      .from(PUBLIC_BUCKET)
      .upload("logos/root.png", PNG, { contentType: "image/png" });
    expect(escalation.error).toMatchObject({ status: 400, statusCode: "403" });
    expect(await objectRow(PUBLIC_BUCKET, "logos/root.png")).toBeUndefined();
  });

  it("answers an unknown bucket with Bucket not found", async () => {
    const { error } = await asService()
      .storage.from("no-such-bucket")
      .upload("a.png", PNG, { contentType: "image/png" });
    expect(error).toMatchObject({ status: 400, statusCode: "404", message: "Bucket not found" });
    const res = await rawRequest(
      "POST",
      "/storage/v1/object/no-such-bucket/a.png",
      { ...secretKeyOnly, "content-type": "image/png" },
      PNG,
    );
    expect(res.body).toEqual(errorBody("404", "NoSuchBucket", "Bucket not found", "Bucket not found"));
  });

  it("refuses keys that could leave the bucket's folder, writing nothing anywhere", async () => {
    const auth = { ...secretKeyOnly, "content-type": "image/png" };
    const attempts = [
      `/storage/v1/object/${PUBLIC_BUCKET}/../../escape.png`,
      `/storage/v1/object/${PUBLIC_BUCKET}/a/%2e%2e/%2E%2E/%2e%2e/escape.png`,
      `/storage/v1/object/${PUBLIC_BUCKET}/..%2F..%2F..%2Fescape.png`,
      `/storage/v1/object/${PUBLIC_BUCKET}/%2Ftmp%2Fescape.png`,
      `/storage/v1/object/${PUBLIC_BUCKET}/a/./escape.png`,
      `/storage/v1/object/${PUBLIC_BUCKET}/a%00escape.png`,
      `/storage/v1/object/${PUBLIC_BUCKET}/a%5C..%5C..%5Cescape.png`,
    ];
    for (const path of attempts) {
      const res = await rawRequest("POST", path, auth, PNG);
      expect({ path, status: res.status, statusCode: res.body.statusCode, code: res.body.code }).toEqual({
        path,
        status: 400,
        statusCode: "400",
        code: "InvalidKey",
      });
    }
    // An encoded bucket segment cannot climb either: it is no bucket at all.
    const viaBucket = await rawRequest("POST", `/storage/v1/object/..%2F..%2F${PUBLIC_BUCKET}/escape.png`, auth, PNG);
    expect(viaBucket.body).toMatchObject({ statusCode: "404", message: "Bucket not found" });

    const escapes = readdirSync(workDir)
      .concat(readdirSync(dirname(workDir)))
      .filter((name) => name.includes("escape"));
    expect(escapes).toEqual([]);
    expect(storedFiles().filter((file) => file.includes("escape"))).toEqual([]);
    const [{ count }] = await sql`select count(*)::int as count from storage.objects where name like '%escape%'`;
    expect(count).toBe(0);

    const download = await rawRequest("GET", `/storage/v1/object/public/${PUBLIC_BUCKET}/../../../../etc/passwd`);
    expect(download).toMatchObject({ status: 400, body: { statusCode: "404", message: "Object not found" } });
  });
});

describe("public downloads", () => {
  it("refuses public downloads from a private bucket, though the object exists", async () => {
    const { error } = await asService()
      .storage.from(PRIVATE_BUCKET)
      .upload("contracts/deal.png", PNG, { contentType: "image/png" });
    expect(error).toBeNull();
    expect(await objectRow(PRIVATE_BUCKET, "contracts/deal.png")).toBeDefined();

    const { res } = await fetchPublic(asAnon(), PRIVATE_BUCKET, "contracts/deal.png");
    expect(res.status).toBe(400);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const body = JSON.parse((await fetchPublic(asAnon(), PRIVATE_BUCKET, "contracts/deal.png")).bytes.toString("utf8"));
    expect(body).toEqual(errorBody("404", "NoSuchBucket", "Bucket not found", "Bucket not found"));
  });

  it("answers a missing object or bucket as hosted Storage does", async () => {
    const missing = await fetchPublic(asAnon(), PUBLIC_BUCKET, "nothing/here.png");
    expect(missing.res.status).toBe(400);
    expect(JSON.parse(missing.bytes.toString("utf8"))).toEqual(
      errorBody("404", "NoSuchKey", "not_found", "Object not found"),
    );

    const noBucket = await fetchPublic(asAnon(), "no-such-bucket", "a.png");
    expect(JSON.parse(noBucket.bytes.toString("utf8"))).toMatchObject({
      statusCode: "404",
      message: "Bucket not found",
    });
  });
});

describe("routes the stand-in does not serve", () => {
  it("answers 404 in Storage's error shape", async () => {
    for (const [method, path] of [
      ["GET", "/storage/v1/bucket"],
      ["DELETE", `/storage/v1/object/${PUBLIC_BUCKET}/logos/shop.png`],
      ["POST", `/storage/v1/object/sign/${PUBLIC_BUCKET}/logos/shop.png`],
      ["GET", "/storage/v1/nothing"],
    ]) {
      const res = await rawRequest(method, path, secretKeyOnly);
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({
        statusCode: "404",
        error: "Not Found",
        message: expect.stringContaining(`Route ${method}:${path} not found`),
      });
    }
    // Nothing was deleted.
    expect((await fetchPublic(asAnon(), PUBLIC_BUCKET, "logos/shop.png")).res.status).toBe(200);
  });
});
