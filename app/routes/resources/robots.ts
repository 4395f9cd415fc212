import type { Route } from "./+types/robots";
import { renderRobotsTxt } from "~/.server/seo/sitemap";
import { getServicesFrom } from "~/.server/services";

/** /robots.txt: points at the sitemap and keeps crawlers out of account and admin pages. */
export async function loader({ context }: Route.LoaderArgs) {
  const { env } = getServicesFrom(context);
  return new Response(renderRobotsTxt(env.APP_URL), {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=86400" },
  });
}
