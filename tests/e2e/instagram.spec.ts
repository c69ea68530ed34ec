// The Instagram journey in real Chromium against the running stack and its Meta fake: an approved
// influencer with an approved link connects Instagram on a phone (Instagram's Allow page is the
// fake's), rewords the keyword's DM reply, and watches, without reloading, a follower's comment
// get the reply with the short link, the reply show as sent in the activity, and the click of a
// customer who opens that link arrive in the link's figures. Then the same screens in Khmer.
import { expect, test, type BrowserContextOptions, type Page } from "@playwright/test";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { apply, business, createCampaign, decideLink, influencer } from "../helpers/accounts.ts";
import { repliesOf, simulateComment, uniqueUsername } from "../helpers/meta-fake.ts";
import { budget, LIVE } from "./time-budget.ts";

const shots = join("test-results", "screenshots");
mkdirSync(shots, { recursive: true });

// The follower's phone, with Instagram's in-app browser's user agent: headless Chromium's own
// ("HeadlessChrome") is rightly taken for a crawler by the short links.
const phone: BrowserContextOptions = {
  viewport: { width: 360, height: 740 },
  isMobile: true,
  hasTouch: true,
  userAgent:
    "Mozilla/5.0 (Linux; Android 13; SM-A145F Build/TP1A.220624.014; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/124.0.6367.82 Mobile Safari/537.36 Instagram 334.0.0.42.95 Android",
};
/** Realtime events reach the dashboard within about a second; a reply takes a webhook round trip more. */

test.afterEach(async ({ browser }) => {
  await Promise.all(browser.contexts().map((context) => context.close()));
});

async function shot(page: Page, name: string) {
  await page.screenshot({ path: join(shots, `${name}.png`), fullPage: true });
}

test("an influencer connects Instagram, rewords a reply, and watches a comment answered and its click counted", async ({
  browser,
}) => {
  const shop = await business();
  const creator = await influencer();
  const product = `Kampot${Math.random().toString(36).slice(2, 6)} Pepper`;
  const campaign = await createCampaign(shop, { product_name: product });
  await decideLink((await apply(creator, campaign.id)).id, "approve");
  const username = uniqueUsername();

  const page = await (await browser.newContext(phone)).newPage();
  await page.goto("/login?lang=en");
  await page.getByLabel(/email/i).fill(creator.user.email);
  await page.getByLabel(/password/i).fill("longenough1");
  await page.getByRole("button", { name: /log ?in|sign ?in/i }).click();
  await expect(page).toHaveURL(/\/influencer\/dashboard$/);

  // Connect: Instagram's page (the fake's), Allow, and back through the callback page.
  await page.getByRole("button", { name: "Connect Instagram" }).click();
  await expect(page.getByRole("heading", { name: /Log in to Instagram/ })).toBeVisible();
  await page.getByLabel("Instagram username").fill(username);
  await page.getByRole("button", { name: "Allow" }).click();
  await expect(page).toHaveURL(/\/influencer\/dashboard$/);
  await expect(page.getByText(`@${username}`)).toBeVisible();
  await shot(page, "en-instagram-connected");

  // Reword the keyword's reply; the preview shows what a follower will receive.
  const keyword = product.split(" ")[0].toUpperCase().slice(0, 10);
  await page.getByText("Edit the DM reply").click();
  const template = page.getByLabel("Reply message");
  await template.fill("{product}: ចុចទីនេះ / tap here {link}");
  await expect(page.getByText(new RegExp(`^${product}: ចុចទីនេះ / tap here http.*/r/\\w{7}\\?s=comment$`))).toBeVisible();
  await page.getByRole("button", { name: "Save reply" }).click();
  await expect(page.getByText("Keyword reply saved")).toBeVisible();

  // A follower comments the keyword: the reply goes out with the short link, and the activity shows it.
  const comment = await simulateComment(username, `how much? ${keyword.toLowerCase()}`, {
    from_username: "sokha.buys",
  });
  expect(comment.webhook_status).toBe(200);
  const [reply] = await repliesOf(username, 1, budget(10_000));
  expect(reply.recipient).toEqual({ comment_id: comment.comment_id });
  const shortLink = reply.text.match(/http\S+\?s=comment/)![0];
  expect(reply.text).toBe(`${product}: ចុចទីនេះ / tap here ${shortLink}`);
  const activity = page.getByRole("list", { name: "Keyword activity" });
  await expect(activity.getByText("Sent")).toBeVisible(LIVE);
  await expect(activity.getByText("@sokha.buys")).toBeVisible();
  await expect(activity.getByText(keyword, { exact: true })).toBeVisible();

  // The follower opens the link on their phone: the checkout, and a click on the dashboard.
  const clicks = page.locator(".stats-grid__item--clicks dd").first();
  await expect(clicks).toHaveText("0");
  const customer = await (await browser.newContext(phone)).newPage();
  await customer.goto(shortLink);
  await expect(customer).toHaveURL(/\/checkout\?influencer_id=.*&ref=/);
  await expect(customer.getByRole("heading", { name: product })).toBeVisible();
  await expect(clicks).toHaveText("1", LIVE);
  await shot(page, "en-instagram-activity-and-stats");

  // The same dashboard in Khmer.
  await page.goto("/influencer/dashboard?lang=km");
  await expect(page.getByRole("button", { name: "Connect Instagram" })).toHaveCount(0);
  await expect(page.getByText(`@${username}`)).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", "km");
  await shot(page, "km-instagram-activity-and-stats");
});
