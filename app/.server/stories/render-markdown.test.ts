import { describe, expect, it } from "vitest";
import { renderStoryMarkdown } from "./render-markdown";

describe("renderStoryMarkdown", () => {
  it("renders basic formatting, headings, lists, quotes and code", () => {
    const html = renderStoryMarkdown(
      "# Big\n\n## What changed\n\nWe were **busy** and *happy*.\n\n- one\n- two\n\n1. first\n\n> quoted\n\n`code`",
    );
    expect(html).toContain("<h2>Big</h2>");
    expect(html).toContain("<h2>What changed</h2>");
    expect(html).toContain("<strong>busy</strong>");
    expect(html).toContain("<em>happy</em>");
    expect(html).toMatch(/<ul>\s*<li>one<\/li>\s*<li>two<\/li>\s*<\/ul>/);
    expect(html).toMatch(/<ol>\s*<li>first<\/li>\s*<\/ol>/);
    expect(html).toMatch(/<blockquote>\s*<p>quoted<\/p>\s*<\/blockquote>/);
    expect(html).toContain("<code>code</code>");
  });

  it("removes script elements and their text", () => {
    const html = renderStoryMarkdown('Hello\n\n<script>window.__pwned = true; alert("x")</script>\n\nBye');
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toContain("__pwned");
    expect(html).toContain("<p>Hello</p>");
    expect(html).toContain("<p>Bye</p>");
  });

  it("strips event handlers, inline styles and embedded elements", () => {
    const html = renderStoryMarkdown(
      '<p onclick="steal()" style="color:red">Hi</p><img src="x" onerror="steal()"><iframe src="https://evil.example"></iframe><svg onload="steal()"></svg>',
    );
    expect(html).toBe("<p>Hi</p>");
  });

  it("drops javascript:, data: and protocol-relative links but keeps their text", () => {
    for (const href of [
      "javascript:alert(1)",
      "JaVaScRiPt:alert(1)",
      "data:text/html,<b>x</b>",
      "//evil.example/x",
    ]) {
      const html = renderStoryMarkdown(`[click me](${href})`);
      expect(html, href).toBe('<p><a rel="noopener noreferrer nofollow">click me</a></p>');
    }
    const raw = renderStoryMarkdown('<a href="javascript:alert(1)">x</a>');
    expect(raw).not.toContain("javascript");
  });

  it("keeps http, https and mailto links and marks them nofollow", () => {
    const html = renderStoryMarkdown(
      "[site](https://example.com/a?b=1) [mail](mailto:hi@example.com) [old](http://example.org)",
    );
    expect(html).toContain('<a href="https://example.com/a?b=1" rel="noopener noreferrer nofollow">site</a>');
    expect(html).toContain('<a href="mailto:hi@example.com" rel="noopener noreferrer nofollow">mail</a>');
    expect(html).toContain('<a href="http://example.org" rel="noopener noreferrer nofollow">old</a>');
  });

  it("escapes text that looks like markup inside code", () => {
    expect(renderStoryMarkdown("`<script>x</script>`")).toBe(
      "<p><code>&lt;script&gt;x&lt;/script&gt;</code></p>",
    );
  });
});

describe("renderStoryMarkdown's memory of recent bodies", () => {
  it("gives each body its own HTML, again and after edits, also past the number it keeps", () => {
    const first = renderStoryMarkdown("## Opening day\n\nThe kiosk went up.");
    expect(renderStoryMarkdown("## Opening day\n\nThe kiosk went up.")).toBe(first);
    expect(renderStoryMarkdown("## Opening day\n\nThe kiosk went up **early**.")).toBe(
      "<h2>Opening day</h2>\n<p>The kiosk went up <strong>early</strong>.</p>",
    );
    for (let n = 0; n < 250; n++) expect(renderStoryMarkdown(`Story ${n}`)).toBe(`<p>Story ${n}</p>`);
    expect(renderStoryMarkdown("## Opening day\n\nThe kiosk went up.")).toBe(first);
    expect(first).toBe("<h2>Opening day</h2>\n<p>The kiosk went up.</p>");
  });
});
