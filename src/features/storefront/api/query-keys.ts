// The store page's query keys, one per endpoint and its parameters.
export const storefrontKeys = {
  all: ["storefront"] as const,
  /** GET /store/{handle} */
  store: (handle: string) => [...storefrontKeys.all, "store", handle] as const,
};
