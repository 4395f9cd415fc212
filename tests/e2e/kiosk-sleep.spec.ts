import fs from "node:fs";
import { expect, test, type BrowserContext, type Page } from "@playwright/test";
import { localTime } from "../../app/lib/ad-schedule";
import { E2E_PORT, signInAdmin } from "./support/accounts";

// A screen outside its host's opening hours (docs/product.md#sleep-outside-opening-hours): the host opens a few
// minutes from now, so the newly paired screen goes dark (a black page, no manifest polls) and the fleet page says
// when it wakes; then, cut off from the network, it wakes at opening by its own clock (the page's clock run forward)
// and plays from what it stored.

// Playwright's offline switch does not reach service workers' own requests unless their network events are routed.
process.env.PW_EXPERIMENTAL_SERVICE_WORKER_NETWORK_EVENTS = "1";

test.describe.configure({ mode: "serial" });

const ORIGIN = `http://localhost:${E2E_PORT}`;
const RUN = Date.now().toString(36);
const HOST = `Sleepy Bakery ${RUN}`;
const KIOSK = `Night screen ${RUN}`;
const MINUTE = 60_000;
/** The host opens this long after the test starts (a minute boundary), for two hours, every day. */
const OPENS_IN_MS = 8 * MINUTE;
/** Where the screenshots of the fleet page go, to be looked at (ignored by git, like the other specs' pictures). */
const SHOTS = ".tmp";

let admin: BrowserContext;
let adminPage: Page;
let screen: BrowserContext;
let player: Page;
let opensAt = 0;

const hhmm = (minutes: number) =>
  `${String(Math.floor(minutes / 60) % 24).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;

test.beforeAll(async ({ browser }) => {
  test.setTimeout(120_000);
  admin = await browser.newContext();
  await signInAdmin(admin);
  adminPage = await admin.newPage();

  // A listing in Los Angeles whose every day opens at `opensAt` for two hours.
  opensAt = Math.ceil((Date.now() + OPENS_IN_MS) / MINUTE) * MINUTE;
  const opens = localTime(new Date(opensAt), "America/Los_Angeles").minutes;
  const span = { opens: hhmm(opens), closes: hhmm(opens + 120) };
  const week = Object.fromEntries(
    ["sun", "mon", "tue", "wed", "thu", "fri", "sat"].map((day) => [day, [span]]),
  );
  const created = await admin.request.post("/admin", {
    headers: { Origin: ORIGIN },
    multipart: {
      name: HOST,
      industry: "food-industry",
      address: "21550 Ventura Blvd",
      city: "Woodland Hills",
      state: "CA",
      zip_code: "91364",
      hours: JSON.stringify(week),
    },
  });
  expect(created.status()).toBe(201);
  const listings = await (await admin.request.get(`/admin?q=${encodeURIComponent(HOST)}`)).text();
  const hostId = new RegExp(`/business/([0-9a-f-]{36})"[^>]*>${HOST}<`).exec(listings)![1]!;

  const kiosk = await admin.request.post("/admin/kiosks.data", {
    multipart: {
      intent: "save",
      label: KIOSK,
      hostBusinessId: hostId,
      orientation: "landscape",
      timeZone: "",
    },
    headers: { Origin: ORIGIN },
  });
  expect(kiosk.status()).toBe(201);
});

test.afterAll(async () => {
  await screen?.close();
  await admin?.close();
});

test("a screen paired outside its host's hours is dark, polls nothing, and shows as asleep on the fleet page", async ({
  browser,
}) => {
  test.setTimeout(90_000);
  screen = await browser.newContext({ viewport: { width: 960, height: 540 } });
  player = await screen.newPage();
  await player.clock.install({ time: Date.now() });
  await player.goto("/kiosk");
  const code = (await player.getByTestId("pairing-code").textContent())!.trim();

  await adminPage.goto("/admin/kiosks");
  await adminPage.getByRole("button", { name: "Pair a Screen" }).first().click();
  const pair = adminPage.getByRole("dialog", { name: "Pair a Screen" });
  await pair.getByLabel("Code on the screen").fill(code);
  await pair.getByLabel("Kiosk").selectOption({ label: `${KIOSK} (${HOST})` });
  await pair.getByRole("button", { name: "Pair Screen" }).click();
  await expect(pair).toBeHidden();

  await player.clock.runFor(2_500);
  await expect(player).toHaveURL(/\/kiosk\/play$/);
  await expect
    .poll(
      async () => {
        await player.clock.runFor(1_000);
        return player.getByTestId("kiosk-asleep").isVisible();
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  // Black, and nothing on it to decode.
  expect(await player.evaluate(() => getComputedStyle(document.querySelector("main")!).backgroundColor)).toBe(
    "rgb(0, 0, 0)",
  );
  expect(await player.locator("img, video").count()).toBe(0);
  await expect(player.getByTestId("kiosk-player")).toHaveCount(0);

  // The fleet page says when it wakes, by the host's clock.
  const wakes = localTime(new Date(opensAt), "America/Los_Angeles").minutes;
  const hour = Math.floor(wakes / 60) % 12 || 12;
  const time = `${hour}${wakes % 60 ? `:${String(wakes % 60).padStart(2, "0")}` : ""} ${wakes < 720 ? "AM" : "PM"}`;
  // Run just before midnight in Los Angeles, the opening is tomorrow's.
  const tomorrow =
    localTime(new Date(opensAt), "America/Los_Angeles").date !==
    localTime(new Date(), "America/Los_Angeles").date;
  const clock = `${tomorrow ? "tomorrow " : ""}${time}`;
  await adminPage.reload();
  const card = adminPage.getByRole("article", { name: KIOSK });
  await expect(card.getByText(`Asleep until ${clock}`)).toBeVisible();
  await expect(card.getByText(/Offline/)).toHaveCount(0);
  await expect(adminPage.getByText(/kiosks?, \d+ online, \d+ asleep/)).toBeVisible();
  await expect(card.getByTestId("kiosk-hours")).toContainText("Dark outside its host's opening hours");
  await expect(card.getByRole("switch", { name: `Always on: ${KIOSK}` })).not.toBeChecked();

  fs.mkdirSync(SHOTS, { recursive: true });
  for (const width of [1280, 360]) {
    await adminPage.setViewportSize({ width, height: width === 360 ? 800 : 900 });
    await card.scrollIntoViewIfNeeded();
    await card.screenshot({ path: `${SHOTS}/fleet-asleep-card-${width}-${E2E_PORT}.png` });
    await adminPage.screenshot({ path: `${SHOTS}/fleet-asleep-${width}-${E2E_PORT}.png` });
  }
  await adminPage.setViewportSize({ width: 1280, height: 900 });

  // Dark for three minutes of its clock: no manifest poll at all.
  const asked: string[] = [];
  player.on("request", (request) => {
    if (request.url().includes("/api/kiosk/")) asked.push(new URL(request.url()).pathname);
  });
  await player.clock.runFor(3 * MINUTE);
  expect(asked.filter((path) => path === "/api/kiosk/manifest")).toEqual([]);
  await expect(player.getByTestId("kiosk-asleep")).toBeVisible();
});

test("cut off from the network, it wakes at opening by itself and plays what it stored", async () => {
  test.setTimeout(150_000);
  await screen.route("**", (route) =>
    route.request().serviceWorker() ? route.abort("internetdisconnected") : route.continue(),
  );
  await screen.setOffline(true);

  // To a minute before opening by the screen's clock (it ran 3 minutes and a few seconds ahead already): still dark.
  const screenNow = await player.evaluate(() => Date.now());
  const toOpening = opensAt - screenNow;
  await player.clock.runFor(Math.max(0, toOpening - MINUTE));
  await expect(player.getByTestId("kiosk-asleep")).toBeVisible();
  await expect(player.getByTestId("kiosk-player")).toHaveCount(0);

  // Opening: it plays (a house slide at least: the screen is never blank), from its own storage. The screen reads
  // its hours by the server's clock as it last heard it, which its fast-forwarded clock is ahead of by the minutes
  // it ran before its last heartbeat: it wakes within those minutes of opening by its own clock.
  await player.clock.runFor(MINUTE + 1_000);
  await expect
    .poll(
      async () => {
        if (await player.getByTestId("kiosk-player").isVisible()) return true;
        await player.clock.runFor(5_000);
        return false;
      },
      { timeout: 90_000, intervals: [100] },
    )
    .toBe(true);
  await expect(player.locator('[data-layer="front"]')).toBeVisible();
  await expect(player.getByTestId("kiosk-asleep")).toHaveCount(0);
});
