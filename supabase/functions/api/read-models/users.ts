// The User of SPEC §3 as the API returns it. `role` repeats user_type for the original SPA.
export interface UserRow {
  id: string;
  email: string;
  user_type: "business" | "influencer" | "admin";
  status: "pending_approval" | "approved" | "rejected";
  is_approved: boolean;
  full_name: string | null;
  business_name: string | null;
  social_media_page: string | null;
  platform: string | null;
  store_phone: string | null;
  business_logo_url: string | null;
  bank_name: string | null;
  account_name: string | null;
  account_number: string | null;
  created_at: Date;
  updated_at: Date;
}

export function toUserJson(row: UserRow) {
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
    business_logo_url: row.business_logo_url,
    bank_name: row.bank_name,
    account_name: row.account_name,
    account_number: row.account_number,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

export const userColumns = `id, email, user_type, status, is_approved, full_name, business_name,
  social_media_page, platform, store_phone, business_logo_url, bank_name, account_name,
  account_number, created_at, updated_at`;
