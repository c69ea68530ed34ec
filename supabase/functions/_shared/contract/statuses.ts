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
export const REVIEW_STATUSES = enums.order_review_status;
export type ReviewStatus = Enums["order_review_status"];

/** Whether the customer confirmed an order before dispatch: not yet, on its page, or on a call. */
export const CONFIRMATIONS = enums.order_confirmation;
export type Confirmation = Enums["order_confirmation"];

/** What a call to confirm an order gave. */
export const CONFIRMATION_CALL_OUTCOMES = enums.confirmation_call_outcome;
export type ConfirmationCallOutcome = Enums["confirmation_call_outcome"];

export const PAYOUT_STATUSES = enums.payout_status;
export type PayoutStatus = Enums["payout_status"];

/** The account types that earn, and so have balances and payout requests. */
export const PAYOUT_USER_TYPES = ["business", "influencer"] as const satisfies readonly UserType[];
export type PayoutUserType = (typeof PAYOUT_USER_TYPES)[number];

/** Where a click came from: `?s=` on the short URL (a click without one counts as `link`). */
export const CLICK_SOURCES = enums.click_source;
export type ClickSource = Enums["click_source"];

/** The kind of device a click came from, read from its user agent. */
export type DeviceClass = Enums["device_class"];

/** Where a follower wrote the keyword. */
export const KEYWORD_EVENT_KINDS = enums.keyword_event_kind;
export type KeywordEventKind = Enums["keyword_event_kind"];

/** pending: matched, the reply is on its way; sent / failed (Meta's code and message); skipped (why). */
export const KEYWORD_EVENT_OUTCOMES = enums.keyword_event_outcome;
export type KeywordEventOutcome = Enums["keyword_event_outcome"];

/**
 * Why a comment or DM got no reply: it held none of the influencer's keywords; the keyword's
 * trigger is switched off; or its campaign or link is no longer active.
 */
export const KEYWORD_SKIP_REASONS = enums.keyword_skip_reason;
export type KeywordSkipReason = Enums["keyword_skip_reason"];

/** A delivery company, or a freelance rider. */
export const COURIER_KINDS = enums.courier_kind;
export type CourierKind = Enums["courier_kind"];

/** What a rider marks on the rider's page: picked up, delivered with the cash, refused, unreachable. */
export const RIDER_STEPS = enums.rider_step;
export type RiderStep = Enums["rider_step"];

/** Where a delivered order's cash is: with the courier, remitted, or remitted short. */
export const CASH_STATUSES = enums.cash_status;
export type CashStatus = Enums["cash_status"];

/** The languages a Telegram chat's notices are written in. */
export const TELEGRAM_LANGUAGES = enums.telegram_language;
export type TelegramLanguage = Enums["telegram_language"];

/** What a Telegram chat can be told: new orders (shops and admins), completed payouts (the payee), sign-ups (admins), and an order's new status (the customer's chat that follows it). */
export const TELEGRAM_NOTICE_KINDS = enums.telegram_notice_kind;
export type TelegramNoticeKind = Enums["telegram_notice_kind"];

/** The actions the audit log records, named `<target>.<verb>`. */
export const AUDIT_ACTIONS = enums.audit_action;
export type AuditAction = Enums["audit_action"];

/** What an audit log entry is about. */
export const AUDIT_TARGET_TYPES = enums.audit_target_type;
export type AuditTargetType = Enums["audit_target_type"];
