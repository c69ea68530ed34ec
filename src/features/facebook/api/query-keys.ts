// The Facebook Page feature's query keys: what connecting and disconnecting refresh.
export const facebookKeys = {
  all: ["facebook"] as const,
  /** GET /facebook/page */
  page: () => [...facebookKeys.all, "page"] as const,
};
