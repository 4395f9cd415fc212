import { describe, expect, it } from "vitest";
import { fieldShapeOf } from "./form-shape";
import { z } from "./zod";

// Every list in a form schema says how long it may be: the field-name guard bounds indices with it (form-names.ts).

const modules = import.meta.glob<Record<string, unknown>>(
  ["./*-schemas.ts", "./*-schema.ts", "./media.ts", "./results.ts"],
  { eager: true },
);
const schemas = Object.entries(modules).flatMap(([file, exports]) =>
  Object.entries(exports)
    .filter((entry): entry is [string, z.ZodType] => entry[1] instanceof z.ZodType)
    .map(([name, schema]) => [`${file} ${name}`, schema] as const),
);

/** Paths of the arrays in a JSON Schema that have no maxItems. */
function unboundedLists(node: unknown, path = ""): string[] {
  if (typeof node !== "object" || node === null) return [];
  const record = node as Record<string, unknown>;
  const own = record.type === "array" && typeof record.maxItems !== "number" ? [path || "(root)"] : [];
  return [
    ...own,
    ...Object.entries(record).flatMap(([key, child]) =>
      Array.isArray(child)
        ? child.flatMap((item, index) => unboundedLists(item, `${path}/${key}/${index}`))
        : unboundedLists(child, `${path}/${key}`),
    ),
  ];
}

describe("form schemas' shapes", () => {
  it("finds the site's schemas", () => {
    expect(schemas.length).toBeGreaterThan(20);
  });

  it.each(schemas)("%s gives every list a maximum", (_name, schema) => {
    const json = z.toJSONSchema(schema, { io: "input", unrepresentable: "any" });
    expect(unboundedLists(json)).toEqual([]);
    expect(fieldShapeOf(schema)).toBeDefined();
  });

  it("reads a list's maximum, a union's options and a pipe's input side", () => {
    const shape = fieldShapeOf(
      z.object({
        days: z.union([z.string(), z.array(z.string()).max(7)]).optional(),
        rows: z.array(z.object({ a: z.string().transform(Number) })).max(2),
        count: z.preprocess((value) => Number(value), z.number()),
      }),
    );
    expect(shape.fields?.get("days")).toMatchObject({ value: true, maxItems: 7, items: { value: true } });
    expect(shape.fields?.get("rows")).toMatchObject({ value: false, maxItems: 2 });
    expect(shape.fields?.get("rows")?.items?.fields?.get("a")).toEqual({ value: true });
    expect(shape.fields?.get("count")).toEqual({ value: true });
  });
});
