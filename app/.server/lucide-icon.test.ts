import fs from "node:fs";
import path from "node:path";
import { createElement, type ComponentType } from "react";
import { renderToString } from "react-dom/server";
import * as lucide from "lucide-react";
import { describe, expect, it } from "vitest";
import Icon from "./lucide-icon";

const ServerIcon = Icon as unknown as ComponentType<Record<string, unknown>>;

/** Every Lucide icon the app imports, read from its sources, so a newly used icon is checked too. */
function iconsUsedByTheApp() {
  const names = new Set<string>();
  const visit = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) visit(file);
      else if (/\.tsx?$/.test(entry.name)) {
        const source = fs.readFileSync(file, "utf8");
        for (const [, list] of source.matchAll(/import\s*\{([^}]*)\}\s*from\s*"lucide-react"/g)) {
          for (const name of list.split(",").map((part) => part.trim())) {
            if (/^[A-Z]\w*$/.test(name) && name !== "LucideIcon") names.add(name);
          }
        }
      }
    }
  };
  visit(path.resolve("app"));
  return [...names].sort();
}

/** The icon data a Lucide icon component hands to Lucide's `Icon` (its outer render calls no hooks). */
function iconDataOf(name: string) {
  const component = (
    lucide as unknown as Record<
      string,
      { render: (props: object, ref: null) => { props: { icon: unknown } } }
    >
  )[name];
  return component.render({}, null).props.icon;
}

const VARIANTS: Record<string, unknown>[] = [
  {},
  { className: "size-4 shrink-0 text-primary" },
  { className: "size-5 group-open:hidden", "aria-hidden": "true" },
  { "aria-label": "Close" },
  { fill: "inherit" },
  { size: 16, strokeWidth: 3 },
  { size: 48, absoluteStrokeWidth: true },
  { nonScalingStroke: true, className: "  lucide  extra extra " },
  { color: "red", width: 20, height: 30, role: "img" },
  { children: createElement("title", null, "Star") },
];

describe("the server's Lucide Icon", () => {
  const names = iconsUsedByTheApp();

  it("finds the icons the app uses", () => {
    expect(names.length).toBeGreaterThan(40);
    expect(names).toContain("Menu");
  });

  it("renders exactly what Lucide renders, for every icon the app uses and the props it passes", () => {
    for (const name of names) {
      const Lucide = (lucide as unknown as Record<string, ComponentType<Record<string, unknown>>>)[name];
      const icon = iconDataOf(name);
      for (const props of VARIANTS) {
        expect(
          renderToString(createElement(ServerIcon, { icon, ...props })),
          `${name} ${JSON.stringify(props)}`,
        ).toBe(renderToString(createElement(Lucide, props)));
      }
    }
  });
});
