import { expect, test, type Page } from "@playwright/test";
import { DEMO_STORIES } from "../../app/.server/seed/demo-stories";
import { TEAM_EMAIL, waitForEmail } from "./support/accounts";
import { mapContents, openFirstPopup } from "./support/network-map";

/** Each link's visible name and where it must lead, inside `main` (the header has its own spec). */
async function expectLinks(page: Page, links: Array<[name: string, href: string]>) {
  const main = page.getByRole("main");
  for (const [name, href] of links) {
    await expect(main.getByRole("link", { name, exact: true }).first(), name).toHaveAttribute("href", href);
  }
}

const unique = () => Date.now().toString(36).slice(-5);

const decodeHtml = (text: string) =>
  text.replace(
    /&(amp|lt|gt|quot|#x27|#39);/g,
    (_, entity: string) => ({ amp: "&", lt: "<", gt: ">", quot: '"', "#x27": "'", "#39": "'" })[entity]!,
  );

test("home: every section, every button's destination, and no map code", async ({ page }) => {
  const scripts: string[] = [];
  page.on("request", (request) => scripts.push(request.url()));
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Shine brighter in your neighborhood");
  for (const heading of [
    "Free installation and maintenance",
    "A digital advertising network",
    "Community sanitizer stations",
    "Three steps to a brighter storefront",
    "Free sanitizer kiosk installed",
    "Free ad space",
    "Support local businesses",
    "Find a Local Shine kiosk near you",
    "Neighbors helping neighbors get found",
  ]) {
    await expect(page.getByRole("heading", { name: heading, exact: true })).toBeVisible();
  }
  // The founding story follows the network's state: "started" once a kiosk is lit up, "starts" before.
  await expect(page.getByRole("heading", { name: /^It start(s|ed) on Ventura Boulevard$/ })).toBeVisible();
  await expect(page.getByRole("img", { name: /four Local Shine partner kiosks/ })).toBeVisible();
  await expect(page.getByText("Jasmine Cho")).toBeVisible();
  await expectLinks(page, [
    ["MORE about the Digital Kiosk", "/about"],
    ["Join Our Network", "/submit-business"],
    ["See Real Installations", "/map"],
    ["Explore Our Map", "/map"],
    ["Read More Stories", "/shine-stories"],
    ["Learn more about the Digital Kiosk", "/about"],
  ]);
  expect(scripts.filter((url) => /leaflet|network-map/i.test(url))).toEqual([]);

  await page.getByRole("link", { name: "Explore Our Map" }).click();
  await expect(page).toHaveURL(/\/map$/);
  await page.goBack();
  // The visible word is the spec's MORE; its accessible name says where it goes.
  await page.getByRole("link", { name: "MORE about the Digital Kiosk", exact: true }).click();
  await expect(page).toHaveURL(/\/about$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
});

test("about: mission, both sets of values, how it started, and the call to action", async ({ page }) => {
  await page.goto("/about");
  await expect(page.getByText("Our mission", { exact: true })).toBeVisible();
  await expect(page.getByText("How it started", { exact: true })).toBeVisible();
  for (const value of [
    "Community First",
    "Zero Cost",
    "Real Results",
    "Partnership",
    "Innovation",
    "Results",
  ]) {
    await expect(page.getByRole("heading", { level: 3, name: value, exact: true })).toBeVisible();
  }
  await expectLinks(page, [
    ["Join Our Network", "/submit-business"],
    ["Ask us a question", "/contact"],
  ]);
  await page.getByRole("main").getByRole("link", { name: "Join Our Network" }).click();
  await expect(page).toHaveURL(/\/submit-business$/);
  await expect(page.getByRole("button", { name: "SUBMIT BUSINESS LISTING" })).toBeVisible();
});

test("join our network: validation, then an application stored and emailed to the team", async ({
  page,
  request,
}) => {
  // The server answers with the same messages: the page again, as a 200 with the refusal's status in
  // X-Form-Status (docs/decisions/071), never a 500.
  const bare = await request.post("/submit-business", { form: { businessName: " ", website: "not a site" } });
  expect(bare.status()).toBe(200);
  expect(bare.headers()["x-form-status"]).toBe("400");
  const body = await bare.text();
  expect(body).toContain("Business name is required");
  expect(body).toContain("Please enter a valid website address");

  await page.goto("/submit-business");
  const submit = page.getByRole("button", { name: "SUBMIT BUSINESS LISTING" });
  await submit.click();
  await expect(page.getByText("Business name is required", { exact: true })).toBeVisible();
  await expect(page.getByRole("textbox", { name: "Business Name", exact: true })).toBeFocused();

  const name = `Topanga Tacos ${unique()}`;
  await page.getByRole("textbox", { name: "Business Name", exact: true }).fill(name);
  await expect(page.getByText("Business name is required", { exact: true })).toBeHidden();
  await page.getByRole("textbox", { name: "Phone Number" }).fill("(818) 555-0142");
  await page.getByRole("textbox", { name: "Website" }).fill("ftp://topanga.example");
  await submit.click();
  await expect(
    page.getByText("Please enter a valid website address, such as https://yourbusiness.com"),
  ).toBeVisible();
  await page.getByRole("textbox", { name: "Website" }).fill("topangatacos.example");
  await page
    .getByRole("textbox", { name: "Business Address" })
    .fill("22000 Ventura Blvd, Woodland Hills, CA 91364");
  await submit.click();

  const confirmation = page.getByRole("heading", { name: "Thank you! Your business is on our list." });
  await expect(confirmation).toBeFocused();
  const mail = await waitForEmail(TEAM_EMAIL, `New business application: ${name}`);
  expect(mail.text).toContain(`Business name: ${name}`);
  expect(mail.text).toContain("Phone number: (818) 555-0142");
  expect(mail.text).toContain("Website: https://topangatacos.example");
  expect(mail.text).toContain("Business address: 22000 Ventura Blvd, Woodland Hills, CA 91364");
  expect(mail.text).toMatch(/Reference: business_application:[0-9a-f-]{36}/);

  await page.getByRole("link", { name: "Submit another business" }).click();
  await expect(page.getByRole("textbox", { name: "Business Name", exact: true })).toHaveValue("");
});

test("contact: a message sent by keyboard alone reaches the team", async ({ page }) => {
  await page.goto("/contact");
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByText("Name is required", { exact: true })).toBeVisible();
  await expect(page.getByText("Email is required", { exact: true })).toBeVisible();
  await expect(page.getByText("Message is required", { exact: true })).toBeVisible();

  const name = `Maya Lopez ${unique()}`;
  await page.getByRole("textbox", { name: "Name", exact: true }).focus();
  await page.keyboard.type(name);
  await page.keyboard.press("Tab");
  await expect(page.getByRole("textbox", { name: "Email", exact: true })).toBeFocused();
  await page.keyboard.type("maya@example.com");
  await page.keyboard.press("Tab");
  await expect(page.getByRole("textbox", { name: "Message", exact: true })).toBeFocused();
  await page.keyboard.type("Could a kiosk fit in a small salon on Topanga Canyon?");
  // The honeypot is out of the tab order: the next stop is the button, with a visible focus ring.
  await page.keyboard.press("Tab");
  const send = page.getByRole("button", { name: "Send Message" });
  await expect(send).toBeFocused();
  expect(await send.evaluate((element) => getComputedStyle(element).boxShadow)).not.toBe("none");
  await page.keyboard.press("Enter");

  await expect(page.getByRole("heading", { name: "Thanks! Your message is on its way." })).toBeFocused();
  const mail = await waitForEmail(TEAM_EMAIL, `New contact message from ${name}`);
  expect(mail.text).toContain("Email: maya@example.com");
  expect(mail.text).toContain("Could a kiosk fit in a small salon on Topanga Canyon?");
});

test("contact: while the message is on its way the button says Sending... and the form waits", async ({
  page,
}) => {
  // The page has no React: the busy-form island does this. Playwright waits for a navigation before it looks at
  // the page, so the page itself notes what it showed just after the submit, and the post is slowed down.
  await page.route("**/contact", async (route) => {
    if (route.request().method() === "POST") await new Promise((resolve) => setTimeout(resolve, 500));
    await route.continue();
  });
  await page.goto("/contact");
  await page.evaluate(() =>
    document.addEventListener("submit", () =>
      // After the island's own timer.
      setTimeout(() =>
        setTimeout(() => {
          const button = document.querySelector<HTMLButtonElement>("form button[type=submit]")!;
          sessionStorage.setItem(
            "busy",
            JSON.stringify({ label: button.textContent, disabled: button.matches(":disabled") }),
          );
        }),
      ),
    ),
  );
  await page.getByRole("textbox", { name: "Name", exact: true }).fill(`Ines Park ${unique()}`);
  await page.getByRole("textbox", { name: "Email", exact: true }).fill("ines@example.com");
  await page.getByRole("textbox", { name: "Message", exact: true }).fill("Is the kiosk loud at all?");
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByRole("heading", { name: "Thanks! Your message is on its way." })).toBeFocused();
  expect(JSON.parse((await page.evaluate(() => sessionStorage.getItem("busy")))!)).toEqual({
    label: "Sending...",
    disabled: true,
  });
});

test("map: one marker or cluster per partner, popups linking to the business, and the city list", async ({
  page,
  request,
}) => {
  await page.emulateMedia({ reducedMotion: "reduce" });
  await page.goto("/map");
  const cities = page.getByRole("region", { name: "Partner cities" }).getByRole("listitem");
  await expect(cities.filter({ hasText: "Woodland Hills, CA" })).toContainText(/\d+ partners/);
  const counts = await cities.allInnerTexts();
  const total = counts.reduce((sum, text) => sum + Number(/(\d+) partners?/.exec(text)![1]), 0);
  expect(total).toBeGreaterThanOrEqual(46);

  // The first view: a picture drawn on the server, no Leaflet until the map is asked for; then the interactive map.
  await expect(page.getByRole("img", { name: /^Where the \d+ partners on the map are/ })).toBeVisible();
  expect(
    await page.evaluate(() => performance.getEntriesByType("resource").map((entry) => entry.name)),
  ).not.toContainEqual(expect.stringMatching(/leaflet/i));
  // By keyboard: Enter on the button, and the focus lands on the map's first control.
  await page.getByRole("button", { name: "Open the interactive map" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("button", { name: "Zoom to partners" })).toBeFocused();

  // Centred on the US at zoom 4, the Valley's partners sit in clusters whose counts add up to every partner.
  await expect.poll(async () => (await mapContents(page)).total).toBe(total);
  await page.getByRole("button", { name: "Zoom to partners" }).click();
  await expect.poll(async () => (await mapContents(page)).pins.length).toBeGreaterThan(0);
  await expect.poll(async () => (await mapContents(page)).total).toBe(total);

  // By keyboard, as Leaflet supports: a focused pin opens its popup on Enter.
  const { link } = await openFirstPopup(page);
  const href = (await link.getAttribute("href"))!;
  expect(href).toMatch(/^\/business\/[0-9a-f-]{36}$/);

  // The same business is in the sitemap.
  const sitemap = await (await request.get("/sitemap.xml")).text();
  expect(sitemap).toContain(`${href}</loc>`);

  await link.click();
  await expect(page).toHaveURL(new RegExp(`${href}$`));
});

test("sitemap lists public pages and published stories only; robots.txt points at it", async ({
  request,
  baseURL,
}) => {
  const response = await request.get("/sitemap.xml");
  expect(response.headers()["content-type"]).toContain("application/xml");
  const xml = await response.text();
  for (const path of [
    "/",
    "/about",
    "/map",
    "/submit-business",
    "/shine-stories/food-industry",
    "/local-shiners/all",
  ]) {
    expect(xml).toContain(`<loc>${baseURL}${path}</loc>`);
  }
  expect(xml).not.toContain("/signin");
  expect(xml.match(/\/business\/[0-9a-f-]{36}/g)?.length ?? 0).toBeGreaterThanOrEqual(46);

  // Every story URL opens a published story; the scheduled one is not among them.
  const storyUrls = [...xml.matchAll(/<loc>([^<]*\/story\/[0-9a-f-]{36})<\/loc>/g)].map((match) => match[1]);
  const titles = await Promise.all(
    storyUrls.map(async (url) =>
      decodeHtml(/<title>([^<]*)<\/title>/.exec(await (await request.get(url)).text())?.[1] ?? ""),
    ),
  );
  const published = DEMO_STORIES.filter((story) => story.publishOffsetDays <= 0);
  for (const story of published) {
    expect(
      titles.some((title) => title.includes(story.title)),
      story.title,
    ).toBe(true);
  }
  expect(titles.some((title) => title.includes("Local Shine Comes to Ventura County"))).toBe(false);

  const robots = await (await request.get("/robots.txt")).text();
  expect(robots).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
  for (const path of ["/dashboard", "/admin", "/signin", "/api/"])
    expect(robots).toContain(`Disallow: ${path}\n`);
});

test("marketing pages fit a 360 px phone and carry their own canonical URL", async ({ page, baseURL }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  for (const path of ["/", "/about", "/contact", "/submit-business", "/map"]) {
    await page.goto(path);
    expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(360);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${baseURL}${path}`);
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", await page.title());
  }
});
