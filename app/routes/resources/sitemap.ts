import type { Route } from "./+types/sitemap";
import { buildSitemap } from "~/.server/seo/sitemap";
import { getServicesFrom } from "~/.server/services";

/** /sitemap.xml: every public page, business and published story (app/.server/seo/sitemap.ts). */
export async function loader({ context }: Route.LoaderArgs) {
  const { db, env } = getServicesFrom(context);
  return new Response(await buildSitemap(db, env), {
    headers: {
      "Content-Type": "application/xml; charset=utf-8",
      // Crawlers come rarely; an hour keeps repeated fetches cheap while new stories still show up the same day.
      "Cache-Control": "public, max-age=3600",
    },
  });
}
