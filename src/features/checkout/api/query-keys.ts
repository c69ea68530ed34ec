// The checkout feature's query keys, one per endpoint and its parameters.
export const checkoutKeys = {
  all: ["checkout"] as const,
  /** GET /checkout/info?influencer_id&product_id */
  info: (influencerId: string, productId: string) => [...checkoutKeys.all, "info", influencerId, productId] as const,
  /** GET /delivery-zones/provinces */
  provinces: () => [...checkoutKeys.all, "provinces"] as const,
  /** GET /delivery-zones/districts?province= */
  districts: (province: string) => [...checkoutKeys.all, "districts", province] as const,
  /** GET /delivery-zones/communes/{district} */
  communes: (district: string) => [...checkoutKeys.all, "communes", district] as const,
  /** GET /orders/track/{token} */
  trackedOrder: (token: string) => [...checkoutKeys.all, "order", token] as const,
  /** GET /delivery-zones/fee/{commune}/{district} */
  deliveryFee: (commune: string, district: string) => [...checkoutKeys.all, "fee", commune, district] as const,
};

/** Delivery zones and fees change rarely and the server prices every order itself: reuse them a while. */
export const DELIVERY_ZONES_STALE_MS = 10 * 60_000;
