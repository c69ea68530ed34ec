// Throwaway: screenshots of the screens issue 22 touched, in English and Khmer (not committed).
import { chromium } from "@playwright/test";
import postgres from "postgres";
const base = process.env.STACK_URL!;
const sql = postgres(process.env.DATABASE_URL!, { max: 1, onnotice: () => {} });
async function token(email: string, password: string) {
  const r = await fetch(`${base}/functions/v1/api/auth/login`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email, password }) });
  return (await r.json()).token as string;
}
const admin = await token("admin@example.com", "Admin123!");
const biz = await token("business@example.com", "Demo1234!");
const inf = await token("influencer@example.com", "Demo1234!");
// A self-dealing application: the influencer's phone is the shop's store phone.
const [b] = await sql`select id, store_phone from public.users where email = 'business@example.com'`;
await sql`update public.users set phone = coalesce(${b.store_phone}, '+85512345678') where email = 'influencer@example.com'`;
if (!b.store_phone) await sql`update public.users set store_phone = '+85512345678' where id = ${b.id}`;
const camp = await (await fetch(`${base}/functions/v1/api/campaigns`, { method: "POST", headers: { "content-type": "application/json", authorization: `Bearer ${biz}` }, body: JSON.stringify({ product_name: "Self-dealing scarf " + Date.now(), description: "x", price: 20, commission_rate: 0.1, image_urls: [] }) })).json();
console.log("campaign", JSON.stringify(camp).slice(0, 200));
const campaignId = camp.campaign?.id ?? camp.id;
const app = await (await fetch(`${base}/functions/v1/api/affiliate-links`, { method: "POST", headers: { "content-type": "application/json", authorization: `Bearer ${inf}` }, body: JSON.stringify({ campaign_id: campaignId }) })).json();
console.log("application", JSON.stringify(app).slice(0, 200));
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"] });
for (const lang of ["en", "km"]) {
  const page = await browser.newPage({ viewport: { width: 360, height: 780 } });
  await page.goto(`${base}/?lang=${lang}`);
  await page.evaluate((t) => localStorage.setItem("token", t), admin);
  await page.goto(`${base}/admin/dashboard?lang=${lang}`);
  await page.waitForTimeout(2500);
  await page.screenshot({ path: `/tmp/shots/admin-${lang}.png`, fullPage: true });
  const tabs = page.getByRole("tab");
  const n = await tabs.count();
  for (let i = 0; i < n; i++) console.log(lang, "tab", i, await tabs.nth(i).innerText());
  await browser.contexts()[0]?.close().catch(() => {});
}
await browser.close();
await sql.end();
