import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSignedInAccount, randomIp } from "../support/http-accounts";
import { startServer, type ServerProcess } from "../support/server-process";

// The Results doors (docs/product.md#results): an owner's Results page and CSV show only that owner's listings and
// ads, and a replayed request naming another owner's listing or ad gets nothing; /admin/network and its
// people-per-play form are for admins only; the counting endpoints keep nothing, redirect only where the listing
// says, and refuse cross-site writes.

let server: ServerProcess;
const who = { ownerA: "", ownerB: "", admin: "" };
let listingA = "";
let adA = "";
let mediaA = "";
const LISTING_NAME = "Owner A Results Bakery";
const BROWSER =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36";

async function get(path: string, cookie = "", headers: Record<string, string> = {}) {
  const response = await fetch(`${server.url}${path}`, {
    headers: { ...(cookie ? { Cookie: cookie } : {}), "User-Agent": BROWSER, ...headers },
    redirect: "manual",
  });
  return { response, status: response.status, text: await response.text() };
}

async function post(path: string, body: URLSearchParams | FormData, cookie = "", origin = server.url) {
  const response = await fetch(`${server.url}${path}`, {
    method: "POST",
    body,
    headers: {
      Origin: origin,
      "X-Forwarded-For": randomIp(),
      "User-Agent": BROWSER,
      ...(cookie ? { Cookie: cookie } : {}),
    },
    redirect: "manual",
  });
  return { status: response.status, text: await response.text() };
}

beforeAll(async () => {
  server = await startServer({
    TRUST_PROXY: "1",
    ADMIN_EMAILS: "results-admin@example.com",
    RESULTS_ROLLUP_SECONDS: "1",
  });
  who.ownerA = await createSignedInAccount(server, "results-a@example.com");
  who.ownerB = await createSignedInAccount(server, "results-b@example.com");
  who.admin = await createSignedInAccount(server, "results-admin@example.com");

  const listing = new FormData();
  for (const [key, value] of [
    ["name", LISTING_NAME],
    ["industry", "food-industry"],
    ["address", "1 Main St"],
    ["city", "Encino"],
    ["state", "CA"],
    ["zip_code", "91316"],
    ["website", "https://owner-a.example"],
  ])
    listing.set(key, value);
  expect((await post("/admin.data", listing, who.ownerA)).status).toBe(201);
  listingA = (await get("/admin", who.ownerA)).text.match(/\/business\/([0-9a-f-]{36})/)![1]!;
  // An owner's listing waits for review; the doors below are about a public one.
  const approve = new URLSearchParams({ intent: "approve", id: listingA });
  expect((await post("/admin.data", approve, who.admin)).status).toBe(200);

  const upload = new FormData();
  upload.set("title", "Owner A image");
  upload.set(
    "file",
    new Blob(
      [
        Buffer.from(
          "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
          "base64",
        ),
      ],
      { type: "image/png" },
    ),
    "a.png",
  );
  const uploaded = await fetch(`${server.url}/dashboard/media`, {
    method: "POST",
    body: upload,
    headers: { Cookie: who.ownerA, Origin: server.url },
  });
  const mediaId = ((await uploaded.json()) as { media: { id: string } }).media.id;
  mediaA = mediaId;
  const made = await post(
    "/dashboard/ads/new",
    new URLSearchParams({
      title: "Owner A secret ad",
      businessId: listingA,
      mediaId,
      imageSeconds: "10",
      startsOn: "2026-01-01",
      qrTarget: "listing",
      radiusMiles: "5",
    }),
    who.ownerA,
  );
  expect(made.status, made.text.slice(0, 200)).toBe(302);
  adA = (await get("/dashboard/ads", who.ownerA)).text.match(/\/dashboard\/ads\/([0-9a-f-]{36})/)![1]!;
}, 180_000);
afterAll(async () => {
  await server.stop();
});

describe("results doors", () => {
  it("the owner sees their listing's and ad's results; another owner's replayed requests get nothing", async () => {
    for (const scope of [`listing:${listingA}`, `ad:${adA}`]) {
      const own = await get(`/dashboard/results?scope=${scope}&days=30`, who.ownerA);
      expect(own.status).toBe(200);
      const other = await get(`/dashboard/results?scope=${scope}&days=30`, who.ownerB);
      expect(other.status).toBe(404);
      expect(other.text).not.toContain(LISTING_NAME);
      expect(other.text).not.toContain("Owner A secret ad");
      // Exactly like an id that does not exist.
      const [kind] = scope.split(":");
      const unknown = await get(`/dashboard/results?scope=${kind}:${randomUUID()}&days=30`, who.ownerB);
      expect(unknown.status).toBe(404);

      const csv = await get(`/dashboard/results.csv?scope=${scope}&days=7`, who.ownerA);
      expect(csv.status).toBe(200);
      expect(csv.response.headers.get("content-type")).toContain("text/csv");
      expect(csv.response.headers.get("cache-control")).toContain("no-store");
      expect(csv.text.split("\r\n")[0]).toMatch(/^date,plays,/);
      const otherCsv = await get(`/dashboard/results.csv?scope=${scope}&days=7`, who.ownerB);
      expect(otherCsv.status).toBe(404);
      expect(otherCsv.text).not.toContain("date,plays");
    }
    // Owner B's own page lists none of A's listings or ads.
    const mine = await get("/dashboard/results", who.ownerB);
    expect(mine.status).toBe(200);
    expect(mine.text).not.toContain(LISTING_NAME);
    expect(mine.text).not.toContain("Owner A secret ad");
    // An admin may look at anyone's.
    expect((await get(`/dashboard/results?scope=listing:${listingA}`, who.admin)).status).toBe(200);
  });

  it("signed-out visitors are sent to sign in; bad parameters are a 400 with a reason", async () => {
    for (const path of [
      "/dashboard/results",
      "/dashboard/results.csv",
      `/dashboard/results?scope=listing:${listingA}`,
    ]) {
      const visitor = await get(path);
      expect(visitor.status).toBe(302);
      expect(visitor.response.headers.get("location")).toMatch(/^\/signin/);
    }
    const badDays = await get("/dashboard/results?days=12", who.ownerA);
    expect(badDays.status).toBe(400);
    expect(badDays.text).toContain("Choose 7, 30 or 90 days.");
    expect((await get("/dashboard/results.csv?scope=listing:'%20or%201=1", who.ownerA)).status).toBe(400);
    expect((await get("/dashboard/results?scope=ad:x&days=7", who.ownerA)).status).toBe(400);
  });

  it("/admin/network and its estimate form are for admins only", async () => {
    expect((await get("/admin/network")).response.headers.get("location")).toMatch(/^\/signin/);
    const owner = await get("/admin/network", who.ownerA);
    expect(owner.status).toBe(302);
    expect(owner.response.headers.get("location")).toBe("/dashboard");
    expect((await get("/admin/network", who.admin)).status).toBe(200);

    const form = (id: string, value: string) =>
      new URLSearchParams({ intent: "people-per-play", id, peoplePerPlay: value });
    // No kiosk exists: an admin's request for a made-up id is a 404; an owner's and a visitor's are refused first.
    const kioskId = randomUUID();
    expect((await post("/admin/network.data", form(kioskId, "3"), who.ownerA)).status).toBe(403);
    expect((await post("/admin/network.data", form(kioskId, "3"), "")).status).toBe(401);
    expect((await post("/admin/network.data", form(kioskId, "3"), who.admin)).status).toBe(404);
    expect((await post("/admin/network.data", form(kioskId, "-4"), who.admin)).status).toBe(400);
  });

  it("the counters keep nothing, redirect only where the listing says, and refuse cross-site writes", async () => {
    const page = await get(`/business/${listingA}`);
    expect(page.status).toBe(200);
    expect(page.response.headers.get("cache-control")).toMatch(/public/);
    expect(page.text).toContain(`/business/${listingA}/seen`);

    const pixel = await get(`/business/${listingA}/seen`);
    expect(pixel.status).toBe(200);
    expect(pixel.response.headers.get("content-type")).toBe("image/gif");
    expect(pixel.response.headers.get("cache-control")).toBe("no-store");
    expect(pixel.response.headers.get("set-cookie")).toBeNull();
    // A made-up or malformed id answers the same image and counts nothing.
    expect((await get(`/business/${randomUUID()}/seen`)).status).toBe(200);

    const website = await get(`/go/${listingA}/website?to=https://evil.example`);
    expect(website.status).toBe(302);
    expect(website.response.headers.get("location")).toBe("https://owner-a.example/");
    expect(website.response.headers.get("cache-control")).toBe("no-store");
    expect((await get(`/go/${listingA}/call`)).status).toBe(404); // the listing has no phone
    expect((await get(`/go/${listingA}/teleport`)).status).toBe(404);
    expect((await get(`/go/${randomUUID()}/website`)).status).toBe(404);

    expect((await post(`/go/${listingA}/call`, new URLSearchParams(), "")).status).toBe(204);
    expect(
      (await post(`/go/${listingA}/call`, new URLSearchParams(), "", "https://evil.example")).status,
    ).toBe(403);
  });

  it("one visitor's burst (one address, a new User-Agent each time, in parallel) counts once per listing, ad and day", async () => {
    // A listing and an ad of its own, so the figures are this test's alone.
    const listing = new FormData();
    for (const [key, value] of [
      ["name", "Burst Test Deli"],
      ["industry", "food-industry"],
      ["address", "2 Main St"],
      ["city", "Encino"],
      ["state", "CA"],
      ["zip_code", "91316"],
      ["phone", "(818) 555-0199"],
      ["website", "https://burst.example"],
    ])
      listing.set(key, value);
    expect((await post("/admin.data", listing, who.ownerA)).status).toBe(201);
    const listingId = [...(await get("/admin", who.ownerA)).text.matchAll(/\/business\/([0-9a-f-]{36})/g)]
      .map((match) => match[1]!)
      .find((id) => id !== listingA)!;
    const approve = new URLSearchParams({ intent: "approve", id: listingId });
    expect((await post("/admin.data", approve, who.admin)).status).toBe(200);
    const ad = new URLSearchParams({
      title: "Burst ad",
      businessId: listingId,
      mediaId: mediaA,
      imageSeconds: "10",
      startsOn: "2026-01-01",
      qrTarget: "listing",
      radiusMiles: "5",
    });
    expect((await post("/dashboard/ads/new", ad, who.ownerA)).status).toBe(302);
    const ads = (await get("/dashboard/ads", who.ownerA)).text;
    const code = new RegExp(`Burst ad[^]*?/q/([A-Za-z0-9]+)|/q/([A-Za-z0-9]+)[^]*?Burst ad`).exec(ads);
    const shortCode = code![1] ?? code![2]!;

    const address = "198.51.100.77";
    const as = (n: number) => ({
      "User-Agent": `${BROWSER} Burst/${n}`,
      "X-Forwarded-For": address,
    });
    const requests = Array.from({ length: 30 }, (_, n) => [
      fetch(`${server.url}/business/${listingId}/seen`, { headers: as(n) }),
      fetch(`${server.url}/go/${listingId}/website`, { headers: as(n), redirect: "manual" }),
      fetch(`${server.url}/go/${listingId}/call`, {
        method: "POST",
        headers: { ...as(n), Origin: server.url },
      }),
      fetch(`${server.url}/q/${shortCode}`, { headers: as(n), redirect: "manual" }),
    ]).flat();
    const answers = await Promise.all(requests);
    // Counted or not, every request is answered as usual: the image, the redirects, the ping.
    expect(answers.map((answer) => answer.status).sort()).toEqual(
      [...Array(30).fill(200), ...Array(30).fill(204), ...Array(60).fill(302)].sort(),
    );
    for (const answer of answers.filter((answer) => answer.url.includes("/q/"))) {
      expect(answer.headers.get("location")).toBe(`/business/${listingId}`);
    }

    // The roll-up runs every second: wait until it has seen every kind, then read the totals.
    type Totals = { views: number; calls: number; websites: number; scans: number };
    const totals = async (): Promise<Totals> => {
      const csv = (await get(`/dashboard/results.csv?scope=listing:${listingId}&days=7`, who.ownerA)).text;
      const rows = csv
        .trim()
        .split("\r\n")
        .slice(1)
        .map((line) => line.split(",").map(Number));
      const sum = (column: number) => rows.reduce((total, row) => total + row[column]!, 0);
      return { scans: sum(3), views: sum(4), calls: sum(5), websites: sum(6) };
    };
    let seen = await totals();
    while (Object.values(seen).some((value) => value === 0)) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      seen = await totals();
    }
    expect(seen).toEqual({ views: 1, calls: 1, websites: 1, scans: 1 });
  }, 120_000);
});
