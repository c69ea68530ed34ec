// Every type and status a record of the API can have, one list each, in the order the database's
// CHECK constraints name them. The request and response schemas take their enums from here, and
// each resource's module re-exports its own (ORDER_STATUSES from orders.ts, ...).

export const USER_TYPES = ["business", "influencer", "admin"] as const;
export type UserType = (typeof USER_TYPES)[number];

export const USER_STATUSES = ["pending_approval", "approved", "rejected"] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

/** Where an influencer posts. */
export const PLATFORMS = ["instagram", "facebook"] as const;
export type Platform = (typeof PLATFORMS)[number];

export const CAMPAIGN_STATUSES = ["active", "inactive"] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

export const LINK_STATUSES = ["pending", "approved", "rejected"] as const;
export type LinkStatus = (typeof LINK_STATUSES)[number];

export const ORDER_STATUSES = ["new_order", "ready_for_pickup", "out_for_delivery", "delivered"] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const PAYOUT_STATUSES = ["pending", "completed"] as const;
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];

/** The account types that earn, and so have balances and payout requests. */
export const PAYOUT_USER_TYPES = ["business", "influencer"] as const satisfies readonly UserType[];
export type PayoutUserType = (typeof PAYOUT_USER_TYPES)[number];
