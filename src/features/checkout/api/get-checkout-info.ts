import { queryOptions, useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { apiRequest } from "@/lib/api-client.ts";
import { t } from "@/lib/i18n/index.ts";
import { screenState } from "@/lib/screen-state.ts";
import { checkoutKeys } from "@/features/checkout/api/query-keys.ts";

// Postgres numerics may arrive as strings; both forms are accepted.
const numeric = z.union([z.number(), z.string().trim().min(1)]).pipe(z.coerce.number());

export const checkoutInfoSchema = z.object({
  campaign: z.object({
    id: z.string(),
    product_name: z.string(),
    description: z.string().nullish(),
    /** Dollars. */
    price: numeric,
    price_cents: z.number().int().optional(),
    image_urls: z
      .array(z.string())
      .nullish()
      .transform((urls) => urls ?? []),
  }),
  // A display name, not the email: strangers see this page (SPEC §3 says email; see the issue).
  influencer: z.object({ display_name: z.string().nullish() }),
  business: z.object({
    business_name: z.string().nullish(),
    store_phone: z.string().nullish(),
    business_logo_url: z.string().nullish(),
  }),
});

export type CheckoutInfo = z.infer<typeof checkoutInfoSchema>;

/** The unit price in integer cents, from price_cents when sent, else from the dollars. */
export function checkoutPriceCents(campaign: CheckoutInfo["campaign"]): number {
  return campaign.price_cents ?? Math.round(campaign.price * 100);
}

// GET /checkout/info?influencer_id&product_id - what a customer may see of the product, creator and store
export function getCheckoutInfo(influencerId: string, productId: string, signal?: AbortSignal): Promise<CheckoutInfo> {
  const query = new URLSearchParams({ influencer_id: influencerId, product_id: productId });
  return apiRequest(`/checkout/info?${query}`, { schema: checkoutInfoSchema, signal, token: null });
}

export const checkoutInfoQuery = (influencerId: string, productId: string) =>
  queryOptions({
    queryKey: checkoutKeys.info(influencerId, productId),
    queryFn: ({ signal }) => getCheckoutInfo(influencerId, productId, signal),
  });

export function useCheckoutInfo(influencerId: string, productId: string) {
  const query = useQuery(checkoutInfoQuery(influencerId, productId));
  return screenState(query, t("checkout.loadFailed"));
}
