// The handle of a store page's path. The contract's STORE_HANDLE written out: importing
// contract/storefront.ts would bring zod onto a visitor's phone.

/**
 * The handle of `/store/<handle>`, lower-cased as the server reads it, or null when the path holds
 * none a store can have (3 to 30 letters, digits, dots or underscores).
 */
export function storeHandle(path: string): string | null {
  return /^\/store\/([A-Za-z0-9._]{3,30})\/?$/.exec(path)?.[1]?.toLowerCase() ?? null;
}
