import { randomBytes } from "node:crypto";
import { expect, test, type Page } from "@playwright/test";
import { signInAdmin, signInNewOwner } from "./support/accounts";

// Changes public content (a story's link, a new listing), so it runs after the specs that count the demo content.

async function expectToast(page: Page, title: string) {
  await expect(page.locator("[data-sonner-toast]").filter({ hasText: title }).first()).toBeVisible();
}

// Both widths edit the same demo story: one after the other, never side by side.
test.describe.configure({ mode: "serial" });

for (const viewport of [
  { width: 1280, height: 900 },
  { width: 360, height: 780 },
]) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test("an admin names the listing a story is about; the two pages link to each other", async ({
      page,
      context,
    }) => {
      // Edits a demo story and puts it back, so no count of stories changes for the specs running beside it.
      const title = "Studio Nine's First Sixty Clients";
      await signInAdmin(context);
      async function pickListing(label: string) {
        await page.goto(`/admin/stories?q=${encodeURIComponent("Studio Nine")}`);
        await page.getByRole("button", { name: `Edit ${title}` }).click();
        const dialog = page.getByRole("dialog", { name: "Edit Story" });
        await expect(dialog.getByLabel("About a Listing").locator("option:checked")).toHaveText(
          "Studio Nine Creative (Van Nuys)",
        );
        await dialog.getByLabel("About a Listing").selectOption({ label });
        await dialog.getByRole("button", { name: "Update Story" }).click();
        await expectToast(page, "Story updated successfully!");
        await expect(dialog).toBeHidden();
      }
      await pickListing("Brightpath Bookkeeping (Canoga Park)");
      try {
        await page.goto("/shine-stories/professional-services");
        await page
          .getByRole("article", { name: title })
          .getByRole("link", { name: "Read Full Story" })
          .click();
        const visit = page.getByRole("link", { name: /Visit Brightpath Bookkeeping/ });
        await expect(visit).toContainText("Canoga Park, CA");
        await visit.click();
        await expect(page.getByRole("heading", { level: 1, name: "Brightpath Bookkeeping" })).toBeVisible();
        await expect(
          page
            .getByRole("region", { name: "Shine Stories about Brightpath Bookkeeping" })
            .getByRole("article", { name: title }),
        ).toBeVisible();
      } finally {
        // Back to the demo's own link (the dialog checks it shows the new choice first).
        await page.goto(`/admin/stories?q=${encodeURIComponent("Studio Nine")}`);
        await page.getByRole("button", { name: `Edit ${title}` }).click();
        const dialog = page.getByRole("dialog", { name: "Edit Story" });
        await expect(dialog.getByLabel("About a Listing").locator("option:checked")).toHaveText(
          "Brightpath Bookkeeping (Canoga Park)",
        );
        await dialog.getByLabel("About a Listing").selectOption({ label: "Studio Nine Creative (Van Nuys)" });
        await dialog.getByRole("button", { name: "Update Story" }).click();
        await expectToast(page, "Story updated successfully!");
      }
    });

    test("the listing dialog takes a website without https:// and stores it with it", async ({
      page,
      context,
      browser,
    }) => {
      const name = `Pat's Bakery ${randomBytes(3).toString("hex")}`;
      await signInNewOwner(context);
      await page.goto("/admin");
      await page.getByRole("button", { name: "Add Business" }).click();
      const dialog = page.getByRole("dialog", { name: "Add Business" });
      await dialog.getByLabel("Business Name").fill(name);
      await dialog.getByLabel("Industry").selectOption({ label: "Food Industry" });
      await dialog.getByLabel("Address").fill("21550 Ventura Blvd");
      await dialog.getByLabel("City").fill("Woodland Hills");
      await dialog.getByLabel("State").fill("CA");
      await dialog.getByLabel("Zip Code").fill("91364");
      await dialog.getByLabel("Website").fill("patsbakery.com");
      await dialog.getByRole("button", { name: "Create Business" }).click();
      await expectToast(page, "Business submitted for review");
      // An owner's listing waits for review before its page is public (the review itself: directory-trust.spec.ts).
      const href = await page.getByRole("link", { name }).first().getAttribute("href");
      const admin = await browser.newContext({ baseURL: test.info().project.use.baseURL });
      await signInAdmin(admin);
      const approved = await admin.request.post("/admin", {
        headers: { Origin: new URL(test.info().project.use.baseURL!).origin },
        form: { intent: "approve", id: href!.split("/").pop()! },
      });
      expect(approved.status()).toBe(200);
      await admin.close();
      await page.goto(href!);
      await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
      // No photo: the banner is the designed stand-in, the initial with the industry's icon, not a colour blob.
      const standIn = page.getByTestId("image-stand-in").first();
      await expect(standIn).toBeVisible();
      await expect(standIn).toContainText("P");
      await expect(standIn.locator("svg use").first()).toHaveAttribute("href", /#utensils-crossed$/);
      // Website links go through the counted redirect (docs/product.md#results), which sends the visitor on to
      // the stored address.
      const website = await page
        .getByRole("link", { name: /Visit Website/ })
        .first()
        .getAttribute("href");
      expect(website).toMatch(/^\/go\/[0-9a-f-]{36}\/website$/);
      const redirect = await page.request.get(website!, { maxRedirects: 0 });
      expect(redirect.status()).toBe(302);
      expect(redirect.headers().location).toMatch(/^https:\/\/patsbakery\.com\/?$/);
    });
  });
}
