// Where the running test stack is: npm test starts one on free ports and passes its URLs.
export function stackUrl(): string {
  const url = process.env.STACK_URL;
  if (!url)
    throw new Error("STACK_URL is not set: run these tests through npm test (or set it to a running npm start)");
  return url;
}

export function databaseUrl(): string {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error("DATABASE_URL is not set: run these tests through npm test");
  return url;
}

export const seedAdmin = { email: "admin@example.com", password: process.env.SEED_ADMIN_PASSWORD ?? "Admin123!" };
export const demoBusiness = { email: "business@example.com", password: "Demo1234!" };
export const demoInfluencer = { email: "influencer@example.com", password: "Demo1234!" };

/** A unique suffix so tests never collide with each other or with earlier runs. */
export function uniqueEmail(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}
