// Builds app/components/ui/icons/sprite.svg: one <symbol> per name in app/components/ui/icons/names.ts, drawn
// by lucide-react's own components. Run `npm run icons` after adding a name; icon.test.ts fails while the
// sprite and the list disagree.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { icons } from "lucide-react";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { ICON_NAMES } from "../app/components/ui/icons/names";

export const SPRITE_PATH = fileURLToPath(new URL("../app/components/ui/icons/sprite.svg", import.meta.url));

/** `map-pin` → lucide-react's `MapPin`. */
function componentName(name: string) {
  return name.replace(/(^|-)(\w)/g, (_, _dash: string, letter: string) => letter.toUpperCase());
}

/** The sprite's text: each icon's shapes, without the outer <svg> (whose stroke and fill `Icon` sets). */
export function renderIconSprite(names: readonly string[] = ICON_NAMES): string {
  const symbols = names.map((name) => {
    const component = icons[componentName(name) as keyof typeof icons];
    if (!component) throw new Error(`lucide-react has no icon named "${name}"`);
    const svg = renderToStaticMarkup(createElement(component));
    const shapes = svg.slice(svg.indexOf(">") + 1, svg.lastIndexOf("</svg>"));
    return `  <symbol id="${name}" viewBox="0 0 24 24">${shapes}</symbol>`;
  });
  return `<svg xmlns="http://www.w3.org/2000/svg">\n${symbols.join("\n")}\n</svg>\n`;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  fs.writeFileSync(SPRITE_PATH, renderIconSprite());
  console.log(`wrote ${ICON_NAMES.length} icons to ${path.relative(process.cwd(), SPRITE_PATH)}`);
}
