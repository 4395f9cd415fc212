import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { businesses, businessStories, media, users } from "../infra/db/schema";
import { createTestServices } from "../../../tests/support/test-services";
import { isKnownOriginal } from "./known-originals";

let services: Awaited<ReturnType<typeof createTestServices>>;
const known = (key: string) => isKnownOriginal(services, key);

beforeAll(async () => {
  services = await createTestServices();
  await services.db.insert(users).values({ id: "owner-1", name: "Owner", email: "owner@example.com" });
  await services.db.insert(media).values({
    userId: "owner-1",
    title: "Banner",
    fileName: "banner.png",
    fileUrl: "/media/owner-1/1-banner.png",
    storageKey: "owner-1/1-banner.png",
    fileType: "image/png",
    fileSize: 10,
  });
  // Images whose media rows are gone (or never existed, like the demo content's).
  await services.db.insert(businesses).values({
    name: "Harbor Books",
    industry: "food-industry",
    address: "1 Main St",
    city: "Encino",
    state: "CA",
    zipCode: "91316",
    imageUrl: "/media/owner-1/2-storefront.png",
    ownerImageUrl: "/media/demo/owner-harbor-books.webp",
  });
  await services.db.insert(businessStories).values({
    title: "Fresh Bread",
    description: "Long",
    shortDescription: "Short",
    industry: "food-industry",
    author: "Ana",
    publishDate: "2025-05-01",
    backgroundImageUrl: "/media/story-backgrounds/1700000000000.png",
  });
});
afterAll(async () => {
  await services?.close();
});

describe("isKnownOriginal", () => {
  it("knows media rows' files and every listing and story image", async () => {
    for (const key of [
      "owner-1/1-banner.png",
      "owner-1/2-storefront.png",
      "demo/owner-harbor-books.webp",
      "story-backgrounds/1700000000000.png",
    ]) {
      expect(await known(key), key).toBe(true);
    }
  });

  it("knows nothing else: thumbnails, sidecars, look-alikes and keys of deleted media", async () => {
    for (const key of [
      "thumbs/w160/owner-1/1-banner.png.webp",
      "owner-1/1-banner.png.meta.json",
      "owner-1/1-banner.PNG",
      "owner-1/1-banner",
      "owner-1/3-deleted.png",
      "owner-1/%",
      "media/owner-1/1-banner.png",
    ]) {
      expect(await known(key), key).toBe(false);
    }
  });
});
