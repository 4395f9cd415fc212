import { marked } from "marked";
import sanitizeHtml from "sanitize-html";

/**
 * What a story body may contain: basic formatting, headings, lists, links, quotes and code. Anything else
 * (script, style, iframes, images, event handlers, inline styles) is removed; the text inside script/style goes too.
 */
const SANITIZE_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    "p",
    "br",
    "hr",
    "strong",
    "b",
    "em",
    "i",
    "del",
    "s",
    "h2",
    "h3",
    "h4",
    "h5",
    "h6",
    "ul",
    "ol",
    "li",
    "a",
    "blockquote",
    "code",
    "pre",
  ],
  allowedAttributes: { a: ["href", "title", "rel"], ol: ["start"] },
  // javascript:, data:, vbscript: and every other scheme are dropped with the href.
  allowedSchemes: ["http", "https", "mailto"],
  allowedSchemesAppliedToAttributes: ["href"],
  allowProtocolRelative: false,
  disallowedTagsMode: "discard",
  transformTags: {
    // The story page's title is the one h1; a heading inside the body becomes the next level down.
    h1: "h2",
    // Links lead off-site to pages we don't vouch for: no referrer, no window.opener, no ranking passed on.
    a: sanitizeHtml.simpleTransform("a", { rel: "noopener noreferrer nofollow" }),
  },
};

/** Story content (Markdown, written by admins) as HTML that is safe to insert into the page. Server-only. */
export function renderStoryMarkdown(markdown: string): string {
  const cached = rendered.get(markdown);
  if (cached !== undefined) {
    // Most recently used last: the oldest entry is the one evicted.
    rendered.delete(markdown);
    rendered.set(markdown, cached);
    return cached;
  }
  const html = sanitizeHtml(
    marked.parse(markdown, { async: false, gfm: true, breaks: false }),
    SANITIZE_OPTIONS,
  ).trim();
  rendered.set(markdown, html);
  if (rendered.size > RENDERED_LIMIT) rendered.delete(rendered.keys().next().value!);
  return html;
}

/**
 * The HTML of recently shown story bodies, keyed by their Markdown: the same input always gives the same output,
 * so an edited story is simply a new key. Parsing and sanitising was ~5 % of a story page's render.
 */
const rendered = new Map<string, string>();
const RENDERED_LIMIT = 200;
