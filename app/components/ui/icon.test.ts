import fs from "node:fs";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { renderIconSprite, SPRITE_PATH } from "../../../scripts/icon-sprite";
import { Icon } from "./icon";
import { ICON_NAMES } from "./icons/names";

describe("Icon", () => {
  it("draws from a sprite that holds exactly the listed icons, as lucide-react draws them (`npm run icons`)", () => {
    const sprite = fs.readFileSync(SPRITE_PATH, "utf8");
    expect(sprite).toBe(renderIconSprite());
    const ids = [...sprite.matchAll(/<symbol id="([^"]+)"/g)].map((match) => match[1]);
    expect(ids).toEqual([...ICON_NAMES]);
  });

  it("uses the sprite's symbol, decorative unless labelled", () => {
    const decorative = renderToStaticMarkup(createElement(Icon, { name: "map-pin", className: "size-4" }));
    expect(decorative).toMatch(/<use href="[^"]*sprite[^"]*\.svg#map-pin"><\/use>/);
    expect(decorative).toContain('aria-hidden="true"');
    expect(decorative).toContain('class="size-4"');
    expect(decorative).toContain('stroke="currentColor"');

    const labelled = renderToStaticMarkup(createElement(Icon, { name: "star", "aria-label": "Featured" }));
    expect(labelled).toContain('role="img"');
    expect(labelled).toContain('aria-label="Featured"');
    expect(labelled).not.toContain("aria-hidden");
  });
});
