// How many objects an account has in the campaign-images bucket: what an upload stored, or did not.
import type { Sql } from "postgres";
import type { Account } from "./accounts.ts";

export async function storedImageCount(sql: Sql, owner: Account): Promise<number> {
  const [{ count }] = await sql<{ count: number }[]>`
    select count(*)::int as count from storage.objects
    where bucket_id = 'campaign-images' and name like ${`${owner.user.id}/%`}`;
  return count;
}
