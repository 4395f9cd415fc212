import { asc, desc, eq, lte } from "drizzle-orm";
import { INDUSTRY_IDS } from "~/lib/industries";
import type { Database } from "../infra/db/client";
import { businessStories, businesses } from "../infra/db/schema";
import type { Env } from "../infra/config/env";
import { siteToday } from "../stories/site-date";

/**
 * Public pages that exist whatever is in the database. Sign-in and password pages are left out on purpose: they
 * are disallowed in robots.txt and have nothing to rank for.
 */
export const STATIC_PUBLIC_PATHS = [
  "/",
  "/about",
  "/contact",
  "/submit-business",
  "/map",
  "/shine-stories",
  ...INDUSTRY_IDS.map((id) => `/shine-stories/${id}`),
  "/local-shiners",
  "/local-shiners/all",
  ...INDUSTRY_IDS.map((id) => `/local-shiners/${id}`),
] as const;

export interface SitemapEntry {
  path: string;
  /** YYYY-MM-DD, when known. */
  lastModified?: string;
}

/**
 * Every public URL: the fixed pages, every published business and every published story (publish_date on or before today
 * in SITE_TIMEZONE, docs/product.md#publishing), so a scheduled story never leaks before its date.
 */
export async function listSitemapEntries(
  db: Database,
  { timeZone, now = new Date() }: { timeZone: string; now?: Date },
): Promise<SitemapEntry[]> {
  const today = siteToday(timeZone, now);
  const [businessRows, storyRows] = await Promise.all([
    db
      .select({ id: businesses.id, updatedAt: businesses.updatedAt })
      .from(businesses)
      .where(eq(businesses.status, "published"))
      .orderBy(asc(businesses.createdAt), asc(businesses.id)),
    db
      .select({
        id: businessStories.id,
        publishDate: businessStories.publishDate,
        updatedAt: businessStories.updatedAt,
      })
      .from(businessStories)
      .where(lte(businessStories.publishDate, today))
      .orderBy(desc(businessStories.publishDate), desc(businessStories.id)),
  ]);
  return [
    ...STATIC_PUBLIC_PATHS.map((path) => ({ path })),
    ...businessRows.map((row) => ({ path: `/business/${row.id}`, lastModified: isoDate(row.updatedAt) })),
    // A story edited before it went live was "modified" on its publish date as far as the public can tell.
    ...storyRows.map((row) => ({
      path: `/story/${row.id}`,
      lastModified: maxDate(row.publishDate, isoDate(row.updatedAt)),
    })),
  ];
}

const isoDate = (date: Date) => date.toISOString().slice(0, 10);
const maxDate = (a: string, b: string) => (a > b ? a : b);

const escapeXml = (text: string) =>
  text.replace(
    /[<>&'"]/g,
    (char) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[char]!,
  );

/** The sitemaps.org XML for `entries`, with absolute URLs on `appUrl` (APP_URL). */
export function renderSitemap(appUrl: string, entries: SitemapEntry[]): string {
  const origin = appUrl.replace(/\/$/, "");
  const urls = entries.map((entry) => {
    const lastmod = entry.lastModified ? `<lastmod>${entry.lastModified}</lastmod>` : "";
    return `  <url><loc>${escapeXml(origin + entry.path)}</loc>${lastmod}</url>`;
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    "</urlset>",
    "",
  ].join("\n");
}

/** /sitemap.xml in one call. */
export async function buildSitemap(
  db: Database,
  env: Pick<Env, "APP_URL" | "SITE_TIMEZONE">,
): Promise<string> {
  return renderSitemap(env.APP_URL, await listSitemapEntries(db, { timeZone: env.SITE_TIMEZONE }));
}

/** Paths crawlers should stay out of: accounts, owner and admin screens, and endpoints. */
export const ROBOTS_DISALLOWED = [
  "/dashboard",
  "/admin",
  "/signin",
  "/signout",
  "/forgot-password",
  "/reset-password",
  "/stories/submit",
  "/api/",
] as const;

/** /robots.txt: everything public is crawlable, account and admin pages are not, and the sitemap is named. */
export function renderRobotsTxt(appUrl: string): string {
  return [
    "User-agent: *",
    "Allow: /",
    ...ROBOTS_DISALLOWED.map((path) => `Disallow: ${path}`),
    "",
    `Sitemap: ${appUrl.replace(/\/$/, "")}/sitemap.xml`,
    "",
  ].join("\n");
}
