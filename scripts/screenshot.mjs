// Usage: node scripts/screenshot.mjs <url> <out.png> [width=1280] [height=900]
// Takes a full-page screenshot in Debian's Chromium, for looking at what we built.
import { chromium } from "@playwright/test";

const [url, out, width = "1280", height = "900"] = process.argv.slice(2);
const browser = await chromium.launch({
  executablePath: "/usr/bin/chromium",
  args: ["--no-sandbox", "--headless", "--disable-gpu", "--disable-background-networking"],
});
const page = await browser.newPage({ viewport: { width: Number(width), height: Number(height) } });
await page.goto(url, { waitUntil: "networkidle" });
await page.screenshot({ path: out, fullPage: true });
await browser.close();
