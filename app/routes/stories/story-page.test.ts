import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { NotFoundPage } from "~/components/layout/not-found-page";
import { notFound, notFoundWhat } from "~/lib/not-found";
import { routeErrorOf } from "../../../tests/support/route-calls";
import { meta as rootMeta } from "~/root";
import { renderStoryMarkdown } from "~/.server/stories/render-markdown";
import StoryPage, { meta } from "./story";

const hostile = [
  "Our kiosk story.",
  "",
  "<script>document.title = 'pwned'</script>",
  "",
  '<img src="x" onerror="alert(1)"> [click](javascript:alert(2)) <a href="https://ok.example" onclick="alert(3)">ok</a>',
].join("\n");

const story = {
  id: "6f1c2f0e-4a43-4c55-9f0a-7f4c2ad2e0b1",
  title: "Scripts Stay Inert",
  shortDescription: "A story whose content tries to run code.",
  industry: "food-industry" as const,
  author: "Test Author",
  publishDate: "2026-11-03",
  isFeatured: true,
  backgroundImageUrl: "/media/story-backgrounds/x.webp",
  description: "Fallback description.",
  contentHtml: renderStoryMarkdown(hostile),
};

function render(loaderData: unknown) {
  const props = { loaderData, params: { id: story.id }, matches: [] } as unknown as Parameters<
    typeof StoryPage
  >[0];
  return renderToString(createElement(MemoryRouter, null, createElement(StoryPage, props)));
}

describe("story page (server render)", () => {
  it("renders story content with scripts, handlers and javascript: links made inert", () => {
    const html = render({ story });
    expect(html).toContain("Scripts Stay Inert");
    expect(html).toContain("November 3, 2026");
    expect(html).toContain("<p>Our kiosk story.</p>");
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toContain("pwned");
    expect(html).not.toMatch(/onerror|onclick|javascript:/i);
    expect(html).toContain('<a href="https://ok.example" rel="noopener noreferrer nofollow">ok</a>');
    expect(html).toContain('href="/shine-stories/food-industry"');
    expect(html).toContain("Inspired by this story?");
  });

  it("falls back to the description when there is no content", () => {
    const html = render({ story: { ...story, contentHtml: null } });
    expect(html).toContain("<p>Fallback description.</p>");
  });

  it("shows Story Not Found for a missing story (the root's boundary renders what the loader's 404 asks for)", () => {
    const html = renderToString(
      createElement(
        MemoryRouter,
        null,
        createElement(NotFoundPage, { what: notFoundWhat(routeErrorOf(() => notFound("story")))! }),
      ),
    );
    expect(html).toContain("Story Not Found");
    expect(html).toContain("The story you&#x27;re looking for doesn&#x27;t exist or has been removed.");
    expect(html).toContain('href="/shine-stories"');
  });
});

describe("story page meta", () => {
  it("has a canonical URL, Open Graph with the background image and Article JSON-LD", () => {
    const args = {
      matches: [{ id: "root", data: { appUrl: "https://localshine.example" } }],
      loaderData: { story: { ...story, title: "Tacos </script><script>alert(1)</script>" } },
    } as unknown as Parameters<typeof meta>[0];
    const tags = meta(args) as Record<string, unknown>[];
    const find = (key: string, value: string) => tags.find((tag) => tag[key] === value);
    expect(find("rel", "canonical")).toMatchObject({ href: `https://localshine.example/story/${story.id}` });
    expect(find("property", "og:image")).toMatchObject({
      content: "https://localshine.example/media/story-backgrounds/x.webp",
    });
    expect(find("property", "og:type")).toMatchObject({ content: "article" });
    expect(find("name", "description")).toMatchObject({ content: story.shortDescription });
    const ld = tags.find((tag) => "script:ld+json" in tag)?.["script:ld+json"];
    expect(ld).toMatchObject({
      "@type": "Article",
      headline: "Tacos </script><script>alert(1)</script>",
      datePublished: "2026-11-03",
      author: { "@type": "Person", name: "Test Author" },
      image: ["https://localshine.example/media/story-backgrounds/x.webp"],
    });
  });

  it("is noindex for a missing story", () => {
    const error = routeErrorOf(() => notFound("story"));
    const tags = rootMeta({ matches: [], error } as unknown as Parameters<typeof rootMeta>[0]);
    expect(tags).toContainEqual({ title: "Story Not Found | Local Shine" });
    expect(tags).toContainEqual({ name: "robots", content: "noindex" });
  });
});
