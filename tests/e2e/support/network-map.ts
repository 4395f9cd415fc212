import { expect, type Page } from "@playwright/test";

export const mapRegion = (page: Page) =>
  page.getByRole("region", { name: "Interactive map of Local Shine partners" });

/**
 * The map page opens on a picture of the partners' places; its button loads the interactive map in its place
 * (docs/decisions/100-map-page-in-two-steps.md). Presses it and waits for the map's first markers.
 */
export async function openInteractiveMap(page: Page) {
  await page.getByRole("button", { name: "Open the interactive map" }).click();
  await expect(mapRegion(page)).toBeVisible();
  await expect(mapRegion(page).getByRole("button").first()).toBeVisible();
}

/** What the map shows right now: partners inside clusters (their counts) and single pins (named by their title). */
export async function mapContents(page: Page) {
  const buttons = await mapRegion(page)
    .getByRole("button")
    .evaluateAll((elements) =>
      elements.map((el) => ({ title: el.getAttribute("title"), text: el.textContent ?? "" })),
    );
  let clustered = 0;
  const pins: string[] = [];
  for (const { title, text } of buttons) {
    if (/partners here/.test(text)) clustered += Number.parseInt(text, 10);
    else if (title && !/^Zoom (in|out)$/.test(title)) pins.push(title);
  }
  return { clustered, pins, total: clustered + pins.length };
}

/**
 * Zooms to the partners and opens the first single pin's popup by keyboard (Enter on a focused marker), entering
 * clusters with Enter until a pin shows. Returns the partner's name and the popup's link. Emulate reduced motion
 * before loading the page (`page.emulateMedia({ reducedMotion: "reduce" })`): the map then skips its zoom
 * animations, so each step settles at once.
 */
export async function openFirstPopup(page: Page) {
  const map = mapRegion(page);
  await expect(map.getByRole("button", { name: /partners here/ }).first()).toBeVisible();
  await page.getByRole("button", { name: "Zoom to partners" }).click();
  for (let attempt = 0; attempt < 6; attempt++) {
    const { pins } = await mapContents(page);
    if (pins.length > 0) {
      const name = pins[0];
      await map.getByRole("button", { name, exact: true }).focus();
      await page.keyboard.press("Enter");
      const link = map.getByRole("link", { name: "View business" });
      await expect(link).toBeVisible();
      await expect(map.getByText(name, { exact: true })).toBeVisible();
      return { name, link };
    }
    await map
      .getByRole("button", { name: /partners here/ })
      .first()
      .focus();
    await page.keyboard.press("Enter");
    await page.waitForTimeout(300);
  }
  throw new Error("no single partner pin appeared after zooming in");
}
