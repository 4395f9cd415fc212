import { expect, test, type Page } from "@playwright/test";
import { demoPublishDate, demoStoryId } from "../../app/.server/seed/demo-stories";
import { formatCalendarDate } from "../../app/lib/format-calendar-date";
import { E2E_PORT, fixtureIp } from "./support/accounts";

const ORIGIN = `http://localhost:${E2E_PORT}`;
const SCHEDULED = "Local Shine Comes to Ventura County";
const PATIO = "The Kiosk That Filled Our Saturday Patio";
/** The six newest featured, published demo stories, newest first; "How a Tire Shop…" is the seventh. */
const NEWEST_FEATURED = [
  PATIO,
  "From Driveway to Six Bays: Warner Center Auto Spa",
  "A Plumber's Best Marketing Is a Clean Pair of Hands",
  "Sliding-Scale Yoga, Full Classes",
  "Ledger & Pine's Tax-Season Surprise",
  "Bread, Butter and a Busy Screen",
];

/** Each test gets its own client address (the e2e server trusts one proxy hop), so rate limits don't collide. */
test.beforeEach(async ({ context }) => {
  await context.setExtraHTTPHeaders({ "X-Forwarded-For": fixtureIp() });
});

function countLine(page: Page) {
  return page.getByRole("status").filter({ hasText: /found$/ });
}

test("stories home: industry counts and the six newest featured stories, published only", async ({
  page,
}) => {
  const response = await page.goto("/shine-stories");
  expect(response?.status()).toBe(200);
  await expect(page).toHaveTitle("Shine Stories | Local Shine");
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${ORIGIN}/shine-stories`);

  const industries = page.getByRole("region", { name: "Explore by Industry" });
  for (const [title, id, count] of [
    // Home Services has a fourth story, scheduled for next month: it isn't counted.
    ["Home Services", "home-services", "3 stories"],
    ["Automobile Services", "automobile-services", "3 stories"],
    ["Food Industry", "food-industry", "3 stories"],
    ["Professional Services", "professional-services", "4 stories"],
    ["Health & Wellness", "health-wellness", "3 stories"],
  ]) {
    const card = industries
      .getByRole("article")
      .filter({ has: page.getByRole("link", { name: title, exact: true }) });
    await expect(card.getByRole("link", { name: title, exact: true })).toHaveAttribute(
      "href",
      `/shine-stories/${id}`,
    );
    await expect(card).toContainText(count);
  }

  const featured = page.getByRole("region", { name: "Featured Stories" });
  await expect(featured.getByRole("article")).toHaveCount(6);
  await expect(featured.getByRole("heading", { level: 3 })).toHaveText(NEWEST_FEATURED);
  await expect(featured.getByRole("link", { name: "Read Full Story" })).toHaveCount(6);
  await expect(featured.getByRole("img", { name: "Featured story" })).toHaveCount(6);
  await expect(page.getByText(SCHEDULED)).toHaveCount(0);

  await expect(page.getByRole("heading", { name: "Want to be Featured?" })).toBeVisible();
  await featured.getByRole("link", { name: "Read Full Story" }).first().click();
  await expect(page).toHaveURL(`/story/${demoStoryId(PATIO)}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(PATIO);
});

test("a scheduled story is on no public page and its URL says Story Not Found with 404", async ({ page }) => {
  const response = await page.goto(`/story/${demoStoryId(SCHEDULED)}`);
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Story Not Found");
  await expect(
    page.getByText("The story you're looking for doesn't exist or has been removed."),
  ).toBeVisible();
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
  await page.getByRole("link", { name: "Browse Shine Stories" }).click();
  await expect(page).toHaveURL("/shine-stories");

  await page.goto("/shine-stories/home-services");
  await expect(countLine(page)).toHaveText("3 stories found");
  await expect(page.getByText(SCHEDULED)).toHaveCount(0);
  await page.getByRole("searchbox", { name: "Search stories" }).fill("Ventura County");
  await page.getByRole("searchbox", { name: "Search stories" }).press("Enter");
  await expect(countLine(page)).toHaveText("0 stories found");
  await expect(page.getByRole("heading", { name: "No Stories Yet" })).toBeVisible();

  for (const path of ["/story/not-a-uuid", "/story/00000000-0000-4000-8000-000000000000"]) {
    const missing = await page.goto(path);
    expect(missing?.status(), path).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Story Not Found");
  }
});

test("industry page: search and Featured Only with the singular and plural count line", async ({ page }) => {
  await page.goto("/shine-stories/food-industry");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Food Industry SUCCESS STORIES");
  await expect(page).toHaveTitle("Food Industry Success Stories | Local Shine");
  await expect(countLine(page)).toHaveText("3 stories found");
  await expect(page.getByRole("link", { name: "Read Full Story" })).toHaveCount(3);

  const search = page.getByRole("searchbox", { name: "Search stories" });
  const titles = page.getByRole("main").getByRole("heading", { level: 2 });
  // Title, author and short description, whatever the case.
  for (const [query, title] of [
    ["saturday PATIO", PATIO],
    ["ELENA", "Bread, Butter and a Busy Screen"],
    ["noodle house", "Dumplings, Lunar New Year and a Line Out the Door"],
  ]) {
    // A plain GET form: Enter (or Search) sends it.
    await search.fill(query);
    await search.press("Enter");
    await expect(countLine(page)).toHaveText("1 story found");
    await expect(titles).toHaveText([title]);
  }
  await expect(page).toHaveURL(/\?q=noodle\+house$/);

  await search.fill("");
  await page.getByRole("search", { name: "Search stories" }).getByRole("button", { name: "Search" }).click();
  await expect(countLine(page)).toHaveText("3 stories found");
  // The switch applies at once (the submit-on-change island).
  const featuredOnly = page.getByRole("switch", { name: "Featured Only" });
  await featuredOnly.click();
  await expect(featuredOnly).toBeChecked();
  await expect(countLine(page)).toHaveText("2 stories found");
  await expect(titles).toHaveText([PATIO, "Bread, Butter and a Busy Screen"]);
  await expect(page).toHaveURL(/featured=1/);

  await search.fill("dumplings");
  await search.press("Enter");
  await expect(countLine(page)).toHaveText("0 stories found");
  await expect(page.getByRole("heading", { name: "No Stories Yet" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Share Your Story" })).toBeVisible();

  // The same search works as a plain URL (server-rendered, no JavaScript needed).
  await page.goto("/shine-stories/food-industry?q=DUMPLINGS");
  await expect(countLine(page)).toHaveText("1 story found");

  const unknown = await page.goto("/shine-stories/plumbing");
  expect(unknown?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("404 Oops! Page not found");
});

test("story page: back link, image badges, long date, Markdown body and search-engine data", async ({
  page,
}) => {
  const id = demoStoryId(PATIO);
  await page.goto(`/story/${id}`);
  await expect(page).toHaveTitle(`${PATIO} | Shine Stories | Local Shine`);
  await expect(page.getByRole("link", { name: "Back to Food Industry Stories" })).toHaveAttribute(
    "href",
    "/shine-stories/food-industry",
  );
  const main = page.getByRole("main");
  await expect(main.getByRole("img", { name: "Featured story" })).toBeVisible();
  await expect(main.getByText("Food Industry", { exact: true })).toBeVisible();
  await expect(main.getByText("By Jasmine Cho")).toBeVisible();
  const date = formatCalendarDate(demoPublishDate(-6));
  expect(date).toMatch(/^[A-Z][a-z]+ \d{1,2}, \d{4}$/);
  await expect(main.locator("time")).toHaveText(date);
  await expect(
    main.getByText("How a sanitizer kiosk by the door turned into Marigold's best-performing ad."),
  ).toBeVisible();
  await expect(main.getByRole("heading", { level: 2, name: "What changed" })).toBeVisible();
  await expect(main.getByRole("listitem").filter({ hasText: "Weekday breakfast traffic" })).toBeVisible();
  await expect(main.getByRole("heading", { name: "Inspired by this story?" })).toBeVisible();

  // The page shows a resized copy (?w=…); Open Graph and JSON-LD point at the original.
  const image = (await main.locator("img").first().getAttribute("src"))?.split("?")[0];
  expect(image).toMatch(/^\/media\/story-backgrounds\//);
  await expect(page.locator('meta[property="og:image"]')).toHaveAttribute("content", `${ORIGIN}${image}`);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${ORIGIN}/story/${id}`);
  const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? "{}");
  expect(ld).toMatchObject({
    "@context": "https://schema.org",
    "@type": "Article",
    headline: PATIO,
    datePublished: demoPublishDate(-6),
    author: { "@type": "Person", name: "Jasmine Cho" },
    image: [`${ORIGIN}${image}`],
  });

  // A story without content shows its description as the body.
  await page.goto(`/story/${demoStoryId("How a Tire Shop Became a Community Hub")}`);
  await expect(main.getByText(/^Frank DiMaggio's customers wait an hour/)).toBeVisible();
});
