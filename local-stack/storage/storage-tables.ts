// storage.buckets and storage.objects, used the way hosted Storage uses them: bucket and object
// look-ups as the database owner (RLS does not apply to them), and the object row written as the
// caller's role with the caller's claims, so the project's RLS policies on storage.objects decide
// uploads exactly as they do on hosted Supabase (service_role bypasses RLS).
import { randomUUID } from "node:crypto";
import postgres, { type Sql, type TransactionSql } from "postgres";
import type { Caller } from "./caller.ts";
import { storageErrors } from "./errors.ts";
import type { ObjectRef } from "./object-path.ts";

export interface Bucket {
  id: string;
  public: boolean;
  fileSizeLimit: number | null;
  allowedMimeTypes: string[] | null;
}

/** storage.objects.metadata, with the keys hosted Storage writes (and clients may read). */
export interface ObjectMetadata {
  eTag?: string;
  size?: number;
  mimetype?: string;
  cacheControl?: string;
  lastModified?: string;
  contentLength?: number;
  httpStatusCode?: number;
}

export interface StoredObject {
  id: string;
  metadata: ObjectMetadata;
  updatedAt: Date;
}

export interface ObjectWrite {
  ref: ObjectRef;
  /** Overwrite an existing object (x-upsert: true, or PUT) instead of refusing it. */
  upsert: boolean;
  metadata: ObjectMetadata;
}

const ROLLBACK = Symbol("rollback");

export class StorageTables {
  constructor(private readonly sql: Sql) {}

  async findBucket(id: string): Promise<Bucket | undefined> {
    const [row] = await this.sql<
      { id: string; public: boolean; file_size_limit: string | null; allowed_mime_types: string[] | null }[]
    >`
      select id, public, file_size_limit, allowed_mime_types from storage.buckets where id = ${id}`;
    if (!row) return undefined;
    return {
      id: row.id,
      public: row.public,
      fileSizeLimit: row.file_size_limit === null ? null : Number(row.file_size_limit),
      allowedMimeTypes: row.allowed_mime_types,
    };
  }

  async findObject(ref: ObjectRef): Promise<StoredObject | undefined> {
    const [row] = await this.sql<{ id: string; metadata: ObjectMetadata | null; updated_at: Date }[]>`
      select id, metadata, updated_at from storage.objects where bucket_id = ${ref.bucket} and name = ${ref.key}`;
    return row && { id: row.id, metadata: row.metadata ?? {}, updatedAt: row.updated_at };
  }

  /**
   * Would the caller be allowed to write this row? Runs the same statement as the caller and rolls
   * it back, as hosted Storage does before it reads the body: a refused upload is refused before
   * its bytes are received.
   */
  async checkWrite(caller: Caller, write: ObjectWrite): Promise<void> {
    try {
      await this.sql.begin(async (tx) => {
        await actAs(tx, caller);
        await writeRow(tx, caller, write);
        throw ROLLBACK;
      });
    } catch (error) {
      if (error !== ROLLBACK) throw asStorageError(error);
    }
  }

  /**
   * Writes the row as the caller and, still inside the transaction, runs `beforeCommit` (which
   * puts the bytes in place): the row and the file appear together or not at all. Returns the id.
   */
  async write(caller: Caller, write: ObjectWrite, beforeCommit: () => Promise<void>): Promise<string> {
    try {
      return await this.sql.begin(async (tx) => {
        await actAs(tx, caller);
        const id = await writeRow(tx, caller, write);
        await beforeCommit();
        return id;
      });
    } catch (error) {
      throw asStorageError(error);
    }
  }
}

/** `set local role` plus the claims auth.uid() / auth.role() / auth.jwt() read, for this transaction only. */
async function actAs(tx: TransactionSql, caller: Caller) {
  await tx`
    select set_config('role', ${caller.role}, true),
           set_config('request.jwt.claims', ${JSON.stringify(caller.claims)}, true),
           set_config('request.jwt.claim.role', ${caller.role}, true),
           set_config('request.jwt.claim.sub', ${caller.owner ?? ""}, true)`;
}

async function writeRow(tx: TransactionSql, caller: Caller, write: ObjectWrite): Promise<string> {
  const { ref, metadata } = write;
  const id = randomUUID();
  // As a JSON value, not a string: postgres.js would encode a string parameter a second time.
  const metadataJson = tx.json(metadata as postgres.JSONValue);
  if (!write.upsert) {
    // No RETURNING: like hosted Storage, a plain upload needs only an INSERT policy.
    await tx`
      insert into storage.objects (id, bucket_id, name, owner, metadata)
      values (${id}, ${ref.bucket}, ${ref.key}, ${caller.owner}, ${metadataJson})`;
    return id;
  }
  // An upsert keeps the row's id and, when the caller has no user id (service role), its owner.
  // It needs INSERT, UPDATE and SELECT policies, as on hosted Supabase.
  const [row] = await tx<{ id: string }[]>`
    insert into storage.objects (id, bucket_id, name, owner, metadata)
    values (${id}, ${ref.bucket}, ${ref.key}, ${caller.owner}, ${metadataJson})
    on conflict (bucket_id, name) do update
      set metadata = excluded.metadata,
          owner = coalesce(excluded.owner, storage.objects.owner),
          updated_at = now()
    returning id`;
  return row.id;
}

/** Postgres refusals as hosted Storage reports them; anything else stays an internal error. */
function asStorageError(error: unknown): unknown {
  if (!(error instanceof postgres.PostgresError)) return error;
  switch (error.code) {
    case "42501":
      return storageErrors.accessDenied(
        error.message.includes("row-level security") ? "new row violates row-level security policy" : error.message,
      );
    case "23505":
      return storageErrors.alreadyExists();
    case "23503":
      return storageErrors.bucketNotFound(); // the bucket was deleted meanwhile
    default:
      return error;
  }
}
