// The User (docs/api.md, "User") as the API returns it, and the columns it is read from. `role`
// repeats user_type for the original SPA.
import type { User } from "../../_shared/contract/auth.ts";
import type { Tables } from "../../_shared/database.types.ts";
import type { Tx } from "../../_shared/db.ts";

const USER_COLUMNS = [
  "id",
  "email",
  "user_type",
  "status",
  "is_approved",
  "full_name",
  "business_name",
  "social_media_page",
  "platform",
  "store_phone",
  "phone",
  "business_logo_url",
  "bank_name",
  "account_name",
  "account_number",
  "khqr",
  "rejection_reason",
  "suspension_reason",
  "store_handle",
  "created_at",
  "updated_at",
] as const satisfies readonly (keyof Tables<"users">)[];

export type UserRow = Pick<Tables<"users">, (typeof USER_COLUMNS)[number]>;

/** The columns of a UserRow, for `select ${userColumns(tx)} from ...` and `returning ${userColumns(tx)}`. */
export function userColumns(tx: Tx) {
  return tx([...USER_COLUMNS]);
}

export function toUserJson(row: UserRow): User {
  return {
    id: row.id,
    email: row.email,
    user_type: row.user_type,
    role: row.user_type,
    status: row.status,
    is_approved: row.is_approved,
    full_name: row.full_name,
    business_name: row.business_name,
    social_media_page: row.social_media_page,
    platform: row.platform,
    store_phone: row.store_phone,
    phone: row.phone,
    business_logo_url: row.business_logo_url,
    bank_name: row.bank_name,
    account_name: row.account_name,
    account_number: row.account_number,
    khqr: row.khqr,
    rejection_reason: row.rejection_reason,
    suspension_reason: row.suspension_reason,
    store_handle: row.store_handle,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}
