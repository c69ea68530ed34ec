export const settingsKeys = {
  all: ["admin-settings"] as const,
  /** GET /admin/delivery-fees */
  provinceFees: () => [...settingsKeys.all, "province-fees"] as const,
};
