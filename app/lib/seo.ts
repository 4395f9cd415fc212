import type { MetaDescriptor } from "react-router";

export const SITE_NAME = "Local Shine";

export interface SeoInput {
  /** The full document title, e.g. "Shine Stories | Local Shine". */
  title: string;
  description: string;
  /** The page's path (no query string): the canonical URL is appUrl + path. */
  path: string;
  /** The public origin (APP_URL), from the root loader's data: see `appUrlFrom`. */
  appUrl: string;
  /** An image for link previews; a relative URL is made absolute against appUrl. */
  image?: string | null;
  imageAlt?: string;
  type?: "website" | "article";
  /** Pages that must not be indexed (not-found states, private pages). */
  noindex?: boolean;
}

// React Router 8 hands `meta` each match's data as `loaderData` (older versions called it `data`).
type MatchLike = { id: string; loaderData?: unknown; data?: unknown } | undefined;

/** APP_URL as the root loader exposes it, for `meta` functions (which see every match's loader data). */
export function appUrlFrom(matches: readonly MatchLike[]): string {
  const match = matches.find((candidate) => candidate?.id === "root");
  const root = (match?.loaderData ?? match?.data) as { appUrl?: unknown } | undefined;
  return typeof root?.appUrl === "string" ? root.appUrl : "";
}

/** A URL made absolute against the site's origin (Open Graph and canonical URLs must be absolute). */
export function absoluteUrl(appUrl: string, url: string): string {
  try {
    return new URL(url, appUrl || "http://localhost").toString();
  } catch {
    return url;
  }
}

/**
 * The meta descriptors every public page shares: title, description, canonical link, Open Graph and Twitter
 * cards. Add page-specific ones (such as JSON-LD) after these.
 */
export function seoMeta(input: SeoInput): MetaDescriptor[] {
  const url = absoluteUrl(input.appUrl, input.path);
  const image = input.image ? absoluteUrl(input.appUrl, input.image) : undefined;
  const tags: MetaDescriptor[] = [
    { title: input.title },
    { name: "description", content: input.description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:site_name", content: SITE_NAME },
    { property: "og:type", content: input.type ?? "website" },
    { property: "og:title", content: input.title },
    { property: "og:description", content: input.description },
    { property: "og:url", content: url },
    { name: "twitter:card", content: image ? "summary_large_image" : "summary" },
    { name: "twitter:title", content: input.title },
    { name: "twitter:description", content: input.description },
  ];
  if (image) {
    tags.push({ property: "og:image", content: image }, { name: "twitter:image", content: image });
    if (input.imageAlt) {
      tags.push(
        { property: "og:image:alt", content: input.imageAlt },
        { name: "twitter:image:alt", content: input.imageAlt },
      );
    }
  }
  if (input.noindex) tags.push({ name: "robots", content: "noindex" });
  return tags;
}
