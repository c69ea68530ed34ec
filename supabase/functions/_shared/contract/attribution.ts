// Click-to-payout attribution: what the short links' clicks and the orders they led to add up to,
// per link (influencer), per campaign (business) and for the platform (admin). Response schemas,
// shared by the SPA and the api function (no Deno APIs).
import { z } from "zod";
import { calendarDate, httpUrl, id } from "./fields.ts";
import { moneyShape } from "./money.ts";
import { CLICK_SOURCES } from "./statuses.ts";

export { CLICK_SOURCES, type ClickSource } from "./statuses.ts";

/** The sources stats are split by: the click sources, and `none` for orders placed without a click. */
export const STAT_SOURCES = [...CLICK_SOURCES, "none"] as const;
export type StatSource = (typeof STAT_SOURCES)[number];

/**
 * The figures of one link, campaign or the platform. Orders count every status (cancelled ones
 * too, once they exist); commission is the influencers' commission of delivered orders.
 */
export const attributionMetricsSchema = z.object({
  clicks: z.number().int(),
  orders: z.number().int(),
  delivered_orders: z.number().int(),
  ...moneyShape("commission"),
  /** orders / clicks, 0 without clicks (a fraction: 0.05 is 5%). */
  conversion_rate: z.number(),
  /** Earnings per click: commission / clicks, rounded to the cent; 0 without clicks. */
  ...moneyShape("epc"),
});
export type AttributionMetrics = z.infer<typeof attributionMetricsSchema>;

/** Every metric, and the same split by source (every key of STAT_SOURCES present). */
export const attributedFiguresSchema = attributionMetricsSchema.extend({
  by_source: z.record(z.enum(STAT_SOURCES), attributionMetricsSchema),
});

/** Clicks and orders of one day, Phnom Penh time. */
export const dailyFiguresSchema = z.object({ date: calendarDate, clicks: z.number().int(), orders: z.number().int() });

/** The last 30 days, oldest first, every day present (zeros included). */
const daily = z.array(dailyFiguresSchema);

/** GET /affiliate-links/stats (influencer): each approved link, newest first. */
export const linkStatsResponseSchema = z.object({
  links: z.array(
    attributedFiguresSchema.extend({
      affiliate_link_id: id,
      campaign_id: id,
      campaign_name: z.string(),
      short_url: httpUrl.nullable(),
    }),
  ),
  totals: attributedFiguresSchema,
  daily,
});

/** GET /campaigns/stats (business): each of the shop's campaigns, newest first. */
export const campaignStatsResponseSchema = z.object({
  campaigns: z.array(attributedFiguresSchema.extend({ campaign_id: id, campaign_name: z.string() })),
  totals: attributedFiguresSchema,
  daily,
});

/** GET /admin/attribution/stats (admin): the whole platform. */
export const platformStatsResponseSchema = z.object({ totals: attributedFiguresSchema, daily });

export type LinkStatsResponse = z.infer<typeof linkStatsResponseSchema>;
export type CampaignStatsResponse = z.infer<typeof campaignStatsResponseSchema>;
export type PlatformStatsResponse = z.infer<typeof platformStatsResponseSchema>;
export type DailyFigures = z.infer<typeof dailyFiguresSchema>;
