// The Facebook Page journey (issue 30) in real Chromium against the running stack and its
// Facebook fake: an approved influencer with an approved link, on a 360 px phone, connects a
// Facebook Page through Facebook Login (the fake's dialog), picks one of the two Pages they manage,
// and watches, without reloading, a follower's keyword comment get a private reply with the short
// link and show in the keyword activity as a Facebook comment. The person then changes their
// Facebook password: the next reply fails and the card asks, live, to connect the Page again. Then
// the same screens in Khmer, and the Page connected again from there.
// Screenshots (test-results/screenshots/*-facebook-*.png) are to be looked at.
import { expect, test, type Page } from "@playwright/test";
import { join } from "node:path";
import { apply, business, createCampaign, decideLink, influencer } from "../helpers/accounts.ts";
import { dismissToasts, expectNoHorizontalScroll, shots, signedIn } from "../helpers/e2e-pages.ts";
import { comment, controlCall, uniqueName, waitForReplies } from "../helpers/facebook-fake.ts";
import { budget, LIVE } from "./time-budget.ts";

test.afterEach(async ({ browser }) => {
  await Promise.all(browser.contexts().map((context) => context.close()));
});

async function shot(page: Page, name: string) {
  await page.screenshot({ path: join(shots, `${name}.png`), fullPage: true });
}

test("an influencer connects one of their Facebook Pages, and a keyword comment on it is answered and shows in the activity", async ({
  browser,
}) => {
  const [shop, creator] = await Promise.all([business(), influencer()]);
  const product = `Mondulkiri${Math.random().toString(36).slice(2, 6)} Honey`;
  const campaign = await createCampaign(shop, { product_name: product });
  await decideLink((await apply(creator, campaign.id)).id, "approve");
  const keyword = product.split(" ")[0].toUpperCase().slice(0, 10);
  const pages = [uniqueName("Dara Beauty"), uniqueName("Dara Eats")];

  const page = await signedIn(browser, creator.user.email, "longenough1", "en");
  await expect(page).toHaveURL(/\/influencer\/dashboard$/);
  const card = page.getByRole("region", { name: "Facebook Page", exact: true });
  await expect(card.getByText("Comments with your keyword on your Page's posts")).toBeVisible();
  await card.getByRole("button", { name: "Connect Facebook Page" }).click();

  // Facebook Login (the fake's dialog): who, which Pages, Allow.
  await expect(page.getByRole("heading", { name: "Log in with Facebook" })).toBeVisible();
  const person = uniqueName("Dara");
  await page.getByLabel("Your name on Facebook").fill(person);
  await page.getByLabel("Pages you manage and give the app").fill(pages.join(", "));
  await page.getByRole("button", { name: "Allow" }).click();

  // Back in the app: two Pages, so it asks which one.
  await expect(page).toHaveURL(/\/influencer\/facebook\/callback/);
  await expect(page.getByText("Choose the Page to connect").first()).toBeVisible();
  await expectNoHorizontalScroll(page, "the Page picker");
  await shot(page, "en-facebook-choose-page");
  await page.getByRole("radio", { name: pages[1] }).check();
  await page.getByRole("button", { name: "Connect this Page" }).click();
  await expect(page).toHaveURL(/\/influencer\/dashboard$/);
  await expect(card.getByText(pages[1])).toBeVisible();
  await dismissToasts(page);

  // A follower comments the keyword: the Page sends a private reply with the short link, and the
  // activity shows it as a Facebook comment, sent, without a reload.
  const follower = uniqueName("Sokha");
  const sent = await comment(`how much? ${keyword.toLowerCase()}`, { page: pages[1], from: follower });
  expect(sent.status).toBe(200);
  const [reply] = await waitForReplies(pages[1], 1, budget(10_000));
  expect(reply.recipient).toEqual({ comment_id: sent.comment_id });
  expect(reply.text).toMatch(/\/r\/\w{7}\?s=fb_comment/);
  const activity = page.getByRole("list", { name: "Keyword activity" });
  await expect(activity.getByText("Sent")).toBeVisible(LIVE);
  await expect(activity.getByText("Facebook comment")).toBeVisible();
  await expect(activity.getByText(follower)).toBeVisible();
  await expect(activity.getByText(keyword, { exact: true })).toBeVisible();
  await expectNoHorizontalScroll(page, "the dashboard with a Facebook Page");
  await card.scrollIntoViewIfNeeded();
  await shot(page, "en-facebook-connected-and-activity");

  // The person changes their Facebook password: the Page's token is refused. The next keyword's
  // reply fails, and the card says so without a reload, with the way to connect again.
  expect((await controlCall("change-password", { user: person })).status).toBe(200);
  await comment(keyword, { page: pages[1], from: uniqueName("Vanna") });
  await expect(activity.getByText("Failed")).toBeVisible(LIVE);
  await expect(card.getByRole("alert")).toContainText("Facebook no longer accepts this Page's connection", LIVE);
  await expect(card.getByRole("button", { name: "Connect again" })).toBeVisible();
  await expectNoHorizontalScroll(page, "the dashboard with a refused Page");
  await card.scrollIntoViewIfNeeded();
  await shot(page, "en-facebook-refused");

  // The same dashboard in Khmer.
  await page.goto("/influencer/dashboard?lang=km");
  await expect(page.locator("html")).toHaveAttribute("lang", "km");
  await expect(page.getByText(pages[1])).toBeVisible();
  await expect(page.getByText(follower)).toBeVisible();
  await expect(page.getByRole("button", { name: "ភ្ជាប់ទំព័រម្ដងទៀត" })).toBeVisible();
  await expectNoHorizontalScroll(page, "the Khmer dashboard with a refused Page");
  await shot(page, "km-facebook-connected-and-activity");

  // Connecting the Page again (Facebook Login once more) clears it.
  await page.getByRole("button", { name: "ភ្ជាប់ទំព័រម្ដងទៀត" }).click();
  await page.getByLabel("Your name on Facebook").fill(person);
  await page.getByLabel("Pages you manage and give the app").fill(pages[1]);
  await page.getByRole("button", { name: "Allow" }).click();
  await expect(page).toHaveURL(/\/influencer\/dashboard/);
  await expect(page.getByText(pages[1])).toBeVisible();
  await expect(page.getByRole("button", { name: "ភ្ជាប់ទំព័រម្ដងទៀត" })).toHaveCount(0);
});
