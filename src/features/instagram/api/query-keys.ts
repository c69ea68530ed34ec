// The Instagram feature's query keys, one per endpoint: what connecting, disconnecting and the
// activity's realtime events refresh.
export const instagramKeys = {
  all: ["instagram"] as const,
  /** GET /instagram/account */
  account: () => [...instagramKeys.all, "account"] as const,
  /** GET /instagram/activity */
  activity: () => [...instagramKeys.all, "activity"] as const,
};
