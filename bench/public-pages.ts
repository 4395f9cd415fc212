// The public pages the page benches measure (bench/pages.ts, bench/lighthouse.ts), and the built server they measure,
// started with fresh demo content.
import { startServer, type ServerProcess } from "../tests/support/server-process";

/** Every public page a visitor can land on; `{story}` and `{business}` are taken from the sitemap. */
const PAGES = [
  "/",
  "/about",
  "/contact",
  "/submit-business",
  "/map",
  "/signin",
  "/forgot-password",
  "/shine-stories",
  "/shine-stories/food-industry",
  "/stories/submit",
  "{story}",
  "/local-shiners",
  "/local-shiners/all",
  "/local-shiners/home-services",
  "{business}",
];

export interface PublicPage {
  label: string;
  path: string;
}

/** The pages, with a story and a business taken from the server's sitemap; throws when one cannot be found. */
export async function publicPages(base: string): Promise<PublicPage[]> {
  const sitemap = await (await fetch(`${base}/sitemap.xml`)).text();
  return PAGES.map((template) => {
    if (!template.startsWith("{")) return { label: template, path: template };
    const kind = template.slice(1, -1);
    const found = new RegExp(`<loc>[^<]*?(/${kind}/[0-9a-f-]{36})</loc>`).exec(sitemap)?.[1];
    if (!found) throw new Error(`no ${kind} URL in the sitemap`);
    return { label: `${kind} page`, path: found };
  });
}

/** The built server (`BUILD_DIR`, default build) on a free loopback port, with fresh demo content. */
export function startDemoServer(): Promise<ServerProcess> {
  return startServer({ SEED_DEMO: "true" });
}
