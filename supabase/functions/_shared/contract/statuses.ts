// Every type and status a record of the API can have. They are the database's enums, written once
// in the migrations and read by `supabase gen types` into database.types.ts: nothing here lists
// them again. The request and response schemas take their enums from here, and each resource's
// module re-exports its own (ORDER_STATUSES from orders.ts, ...).
import { Constants, type Database } from "../database.types.ts";

type Enums = Database["public"]["Enums"];
const enums = Constants.public.Enums;

export const USER_TYPES = enums.user_type;
export type UserType = Enums["user_type"];

export const USER_STATUSES = enums.account_status;
export type UserStatus = Enums["account_status"];

/** Where an influencer posts. */
export const PLATFORMS = enums.social_platform;
export type Platform = Enums["social_platform"];

export const CAMPAIGN_STATUSES = enums.campaign_status;
export type CampaignStatus = Enums["campaign_status"];

export const LINK_STATUSES = enums.link_status;
export type LinkStatus = Enums["link_status"];

export const ORDER_STATUSES = enums.order_status;
export type OrderStatus = Enums["order_status"];

/** Why an order was cancelled (PUT /admin/orders/{id}/status with new_status cancelled). */
export const CANCELLATION_REASONS = enums.order_cancellation_reason;
export type CancellationReason = Enums["order_cancellation_reason"];

/** The fraud rules an order can fire at checkout (admins only learn which). */
export const ORDER_FLAGS = enums.order_flag;
export type OrderFlag = Enums["order_flag"];

/** held: flagged, its commission waits for an admin; cleared: released by one. */
export const REVIEW_STATUSES = ["held", "cleared"] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

export const PAYOUT_STATUSES = enums.payout_status;
export type PayoutStatus = Enums["payout_status"];

/** The account types that earn, and so have balances and payout requests. */
export const PAYOUT_USER_TYPES = ["business", "influencer"] as const satisfies readonly UserType[];
export type PayoutUserType = (typeof PAYOUT_USER_TYPES)[number];
