import fs from "node:fs";
import path from "node:path";

// Playwright starts the web server before globalSetup; the data dir is cleaned by the `pretest:e2e` script.
export default function globalSetup() {
  fs.mkdirSync(path.resolve(".tmp"), { recursive: true });
}
