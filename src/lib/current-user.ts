// The User of SPEC §3 as the API returns it, and GET /auth/me. Shared because several features
// need the caller's current status (never trusted from the token).
import { queryOptions, useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { apiRequest } from "./api-client.ts";
import { t } from "./i18n/index.ts";
import { screenState } from "./screen-state.ts";

export const userSchema = z.object({
  id: z.string(),
  email: z.string(),
  user_type: z.enum(["business", "influencer", "admin"]),
  role: z.string().optional(),
  status: z.enum(["pending_approval", "approved", "rejected"]),
  is_approved: z.boolean(),
  created_at: z.string(),
  updated_at: z.string().optional(),
  full_name: z.string().nullish(),
  business_name: z.string().nullish(),
  social_media_page: z.string().nullish(),
  platform: z.string().nullish(),
  store_phone: z.string().nullish(),
  business_logo_url: z.string().nullish(),
  bank_name: z.string().nullish(),
  account_name: z.string().nullish(),
  account_number: z.string().nullish(),
});

export type User = z.infer<typeof userSchema>;
export type UserStatus = User["status"];

export const meResponseSchema = z.object({ user: userSchema });

// GET /auth/me - the caller's account as it is now
export function getMe(signal?: AbortSignal): Promise<User> {
  return apiRequest("/auth/me", { schema: meResponseSchema, signal }).then((body) => body.user);
}

// Keys hold no user id: the cache is emptied when another user signs in (clearCacheOnUserChange).
export const currentUserKeys = {
  me: () => ["current-user", "me"] as const,
};

export const meQuery = () => queryOptions({ queryKey: currentUserKeys.me(), queryFn: ({ signal }) => getMe(signal) });

export function useMe() {
  const query = useQuery(meQuery());
  return screenState(query, t("user.loadFailed"));
}
