import { createElement, forwardRef, type ReactNode, type SVGProps } from "react";

/**
 * Lucide's `Icon` (lucide-react 1.x, dist/esm/Icon.mjs) for the server build: the same element for the same
 * props, built directly. Lucide's own builds each icon through a generic attribute pipeline (object spreads,
 * `Object.entries`, class splitting), ~10 µs per icon, and a page draws 8–16 of them: ~4 % of a page's render.
 * vite.config.ts swaps it in for the server build only; the browser keeps Lucide's, and hydration compares the
 * two (tests/e2e/foundation.spec.ts). `lucide-icon.test.ts` checks that both render the same HTML for every icon
 * the app uses. Not supported: `<LucideProvider>` defaults (the app sets none). docs/decisions/010-server-icons.md.
 */

type IconNode = [tag: string, attributes: Record<string, unknown>, children?: IconNode[]][];

interface IconData {
  name?: string;
  node: IconNode;
  aliases?: (string | { name: string })[];
  size?: number;
  width?: number;
  height?: number;
}

interface IconProps extends Omit<SVGProps<SVGSVGElement>, "ref"> {
  size?: string | number;
  absoluteStrokeWidth?: boolean;
  nonScalingStroke?: boolean;
  iconNode?: IconNode;
  icon?: IconData;
  children?: ReactNode;
}

const DEFAULT_SIZE = 24;

const Icon = forwardRef<SVGSVGElement, IconProps>(function Icon(
  {
    color,
    size,
    width,
    height,
    strokeWidth,
    absoluteStrokeWidth,
    nonScalingStroke,
    className = "",
    children,
    iconNode = [],
    icon = { node: iconNode, aliases: [], size: DEFAULT_SIZE },
    ...rest
  },
  ref,
) {
  const boxWidth = icon.size ?? icon.width ?? DEFAULT_SIZE;
  const boxHeight = icon.size ?? icon.height ?? DEFAULT_SIZE;
  const drawnWidth = width ?? size ?? DEFAULT_SIZE;
  const attributes: Record<string, unknown> = {
    ref,
    xmlns: "http://www.w3.org/2000/svg",
    width: drawnWidth,
    height: height ?? size ?? DEFAULT_SIZE,
    viewBox: `0 0 ${boxWidth} ${boxHeight}`,
    fill: "none",
    stroke: color || "currentColor",
    strokeWidth: absoluteStrokeWidth
      ? (Number(strokeWidth ?? 2) * Number(boxWidth)) / Number(drawnWidth)
      : (strokeWidth ?? 2),
    strokeLinecap: "round",
    strokeLinejoin: "round",
    className: iconClassName(icon, className),
  };
  if (!children && !hasAccessibleProp(rest)) attributes["aria-hidden"] = "true";
  Object.assign(attributes, rest);
  const drawn: ReactNode[] = icon.node.map(([tag, attrs]) =>
    createElement(tag, nonScalingStroke ? { vectorEffect: "non-scaling-stroke", ...attrs } : attrs),
  );
  if (Array.isArray(children)) drawn.push(...(children as ReactNode[]));
  else drawn.push(children);
  return createElement("svg", attributes, drawn);
});

export default Icon;

/** "lucide lucide-<name> lucide-<alias>… <className>", each word once, in that order (Lucide's `mergeClasses`). */
function iconClassName(icon: IconData, className: string) {
  const words = new Set<string>(["lucide"]);
  if (icon.name) words.add(`lucide-${icon.name}`);
  for (const alias of icon.aliases ?? []) {
    if (typeof alias === "string" && alias.trim() !== "") words.add(`lucide-${alias}`);
  }
  for (const word of className.split(/\s+/)) if (word) words.add(word);
  return [...words].join(" ");
}

/** An icon that is labelled (aria-*, role or title) is not hidden from assistive technology. */
function hasAccessibleProp(props: Record<string, unknown>) {
  for (const name in props) {
    if ((name.startsWith("aria-") || name === "role" || name === "title") && props[name] != null) return true;
  }
  return false;
}
