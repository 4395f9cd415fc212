import { expect, test } from "@playwright/test";
import { E2E_PORT } from "./support/accounts";

// One business's page (docs/product.md#one-business) against the demo data; the lists are in directory.spec.ts.
const ORIGIN = `http://localhost:${E2E_PORT}`;

test("a business page shows every section, safe links, and what search engines need", async ({ page }) => {
  await page.goto("/local-shiners/home-services?zip=91367");
  await page.getByRole("link", { name: "Valley Bright Plumbing" }).click();
  await expect(page).toHaveURL(/\/business\/[0-9a-f-]{36}$/);
  const url = page.url();

  // The back link returns to the list the visitor came from (its filters too); opened directly, to the industry.
  await expect(page.getByRole("link", { name: "Back to the list" })).toHaveAttribute(
    "href",
    "/local-shiners/home-services?zip=91367",
  );
  const direct = await page.context().newPage();
  await direct.goto(url);
  await expect(direct.getByRole("link", { name: "Back to Home Services" })).toHaveAttribute(
    "href",
    "/local-shiners/home-services",
  );
  await direct.close();
  await expect(page.locator("main img").first()).toHaveAttribute(
    "src",
    /business-valley-bright-plumbing\.webp(\?w=\d+)?$/,
  );
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Valley Bright Plumbing");
  await expect(page.getByText("Rated 4.9 out of 5")).toBeAttached();
  await expect(page.getByText("212 reviews")).toBeVisible();
  await expect(page.getByText("Family-run plumbing for Warner Center")).toBeVisible();
  await expect(
    page.getByText("Free water-heater flush with any repair when you mention the kiosk."),
  ).toBeVisible();
  await expect(page.getByRole("heading", { name: "Meet Marisol Ortega" })).toBeVisible();
  await expect(page.getByText("Marisol apprenticed under her father")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Quality Commitment" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Community Impact" })).toBeVisible();

  const contact = page.getByRole("region", { name: "Contact Information" });
  await expect(contact).toContainText("6120 Canoga Ave, Suite 104");
  await expect(contact).toContainText("Woodland Hills, CA 91367");
  await expect(contact.getByRole("link", { name: "(818) 555-0101" })).toHaveAttribute(
    "href",
    "tel:8185550101",
  );
  await expect(contact.getByRole("link", { name: "hello@valleybrightplumbing.example" })).toHaveAttribute(
    "href",
    "mailto:hello@valleybrightplumbing.example",
  );
  const connect = page.getByRole("region", { name: "Ready to Connect" });
  await expect(connect.getByRole("link", { name: "Call Now" })).toHaveAttribute("href", "tel:8185550101");
  // Contact actions are counted (docs/product.md#results): phone and email links ping /go/…; website links go
  // through /go/…, which redirects to the listing's own website.
  const id = url.split("/").pop()!;
  await expect(connect.getByRole("link", { name: "Call Now" })).toHaveAttribute("ping", `/go/${id}/call`);
  for (const region of [contact, connect]) {
    const website = region.getByRole("link", { name: /Visit Website/ });
    await expect(website).toHaveAttribute("href", `/go/${id}/website`);
    await expect(website).toHaveAttribute("target", "_blank");
    await expect(website).toHaveAttribute("rel", "noopener noreferrer");
  }
  const redirect = await page.request.get(`/go/${id}/website`, { maxRedirects: 0 });
  expect(redirect.status()).toBe(302);
  expect(redirect.headers()["location"]).toBe("https://valleybrightplumbing.example/");

  await expect(page).toHaveTitle(
    "Valley Bright Plumbing in Woodland Hills, CA | Local Shiners | Local Shine",
  );
  await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /^Family-run plumbing/);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", url);
  await expect(page.locator('meta[property="og:image"]')).toHaveAttribute(
    "content",
    `${ORIGIN}/media/demo/business-valley-bright-plumbing.webp`,
  );
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute(
    "content",
    /^Valley Bright Plumbing/,
  );
  const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? "{}");
  expect(ld).toMatchObject({
    "@type": "LocalBusiness",
    name: "Valley Bright Plumbing",
    telephone: "(818) 555-0101",
    url: "https://valleybrightplumbing.example/",
    address: {
      streetAddress: "6120 Canoga Ave, Suite 104",
      addressLocality: "Woodland Hills",
      postalCode: "91367",
    },
    aggregateRating: { ratingValue: 4.9, reviewCount: 212 },
  });

  // A listing with only the required fields: no owner, commitment, impact, phone or website sections.
  await page.goto("/local-shiners/home-services?zip=91335");
  await page.getByRole("link", { name: "Clearpane Window Washing" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Clearpane Window Washing");
  await expect(page.getByRole("heading", { name: /^Meet / })).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "Quality Commitment" })).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "Community Impact" })).toHaveCount(0);
  await expect(page.getByRole("region", { name: "Contact Information" })).toContainText("Reseda, CA 91335");
  await expect(page.getByRole("region", { name: "Ready to Connect" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: /Visit Website/ })).toHaveCount(0);
});

test("a missing or malformed business id answers 'Business not found' with a way back", async ({ page }) => {
  for (const id of ["not-a-uuid", "00000000-0000-4000-8000-000000000000"]) {
    const response = await page.goto(`/business/${id}`);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Business not found");
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
  }
  await page.getByRole("link", { name: "Back to Local Shiners" }).click();
  await expect(page).toHaveURL(/\/local-shiners$/);
});
