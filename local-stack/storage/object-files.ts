// The bytes of objects on disk: `${dataDir}/<bucket>/<key>`. An upload is first streamed into a
// temporary file (counted and hashed on the way, refused past the size limit) and only renamed
// into place once its database row is written, so a refused or failed upload never replaces or
// half-writes an object.
import { createHash, randomUUID } from "node:crypto";
import { createWriteStream } from "node:fs";
import { mkdir, rename, rm } from "node:fs/promises";
import { dirname, join } from "node:path";
import { pipeline } from "node:stream/promises";
import { storageErrors } from "./errors.ts";
import { objectFile, type ObjectRef } from "./object-path.ts";

export interface ReceivedFile {
  tempPath: string;
  size: number;
  /** S3-style ETag: the quoted MD5 of the bytes. */
  eTag: string;
}

export class ObjectFiles {
  // "~" cannot appear in a bucket name, so no bucket's folder can ever be this one.
  private readonly incomingDir: string;

  constructor(readonly dataDir: string) {
    this.incomingDir = join(dataDir, "~incoming");
  }

  fileOf(ref: ObjectRef): string {
    return objectFile(this.dataDir, ref);
  }

  /** Streams `chunks` to a temporary file; past `maxBytes` it stops and throws EntityTooLarge. */
  async receive(chunks: AsyncIterable<Buffer>, maxBytes: number): Promise<ReceivedFile> {
    await mkdir(this.incomingDir, { recursive: true });
    const tempPath = join(this.incomingDir, randomUUID());
    const md5 = createHash("md5");
    let size = 0;
    try {
      await pipeline(
        chunks,
        async function* countAndHash(source: AsyncIterable<Buffer>) {
          for await (const chunk of source) {
            size += chunk.length;
            if (size > maxBytes) throw storageErrors.entityTooLarge();
            md5.update(chunk);
            yield chunk;
          }
        },
        createWriteStream(tempPath, { flags: "wx" }),
      );
    } catch (error) {
      await this.discard(tempPath);
      throw error;
    }
    return { tempPath, size, eTag: `"${md5.digest("hex")}"` };
  }

  /** Moves a received file to its object's place (replacing an older version). */
  async place(file: ReceivedFile, ref: ObjectRef): Promise<void> {
    const target = this.fileOf(ref);
    try {
      await mkdir(dirname(target), { recursive: true });
      await rename(file.tempPath, target);
    } catch (error) {
      // S3 keys are flat, a file system is not: "a" and "a/b" cannot both exist here.
      const code = (error as NodeJS.ErrnoException).code;
      if (code === "ENOTDIR" || code === "EISDIR" || code === "EEXIST") {
        throw storageErrors.invalidKey(`${ref.key} (clashes with another object's folder in the local stand-in)`);
      }
      throw error;
    }
  }

  async discard(tempPath: string): Promise<void> {
    await rm(tempPath, { force: true });
  }
}
