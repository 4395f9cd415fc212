import { z } from "./zod";

/**
 * What field names a form's schema can hold, read from the schema itself: the keys of its objects, which of them
 * are lists and how long a list may be, and which take a plain value. Field names are checked against it
 * (form-names.ts) before Conform builds an object from them.
 */
export interface FieldShape {
  /** A plain value (text, a file, a number typed as text) may stand here. */
  value: boolean;
  /** An object's known keys. */
  fields?: Map<string, FieldShape>;
  /** A record's keys: any name, each holding this. */
  anyKey?: FieldShape;
  /** A list's items, and how many it may have. */
  items?: FieldShape;
  maxItems?: number;
}

/**
 * A list in a form schema without `.max()` still gets a bound, so that a new form is safe as written; every form
 * schema of the site gives its lists their real maximum (form-shape.test.ts checks it).
 */
export const UNDECLARED_MAX_ITEMS = 100;

type JsonSchema = Record<string, unknown>;

const cache = new WeakMap<z.ZodType, FieldShape>();

/**
 * The schema's shape as it reads a form (its input side): zod's own JSON Schema conversion walks objects, arrays,
 * optionals, defaults, pipes, unions and the rest; whatever it cannot represent (a transform, a custom check) is a
 * plain value, so nothing may be nested under it.
 */
export function fieldShapeOf(schema: z.ZodType): FieldShape {
  let shape = cache.get(schema);
  if (!shape) {
    shape = shapeOf(z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as JsonSchema);
    cache.set(schema, shape);
  }
  return shape;
}

function shapeOf(node: JsonSchema): FieldShape {
  const alternatives = [node.anyOf, node.oneOf, node.allOf].flatMap((list) =>
    Array.isArray(list) ? (list as JsonSchema[]) : [],
  );
  const own = ownShape(node);
  return alternatives.reduce<FieldShape>((merged, option) => merge(merged, shapeOf(option)), own);
}

function ownShape(node: JsonSchema): FieldShape {
  const types = new Set(Array.isArray(node.type) ? node.type : node.type === undefined ? [] : [node.type]);
  const combined = "anyOf" in node || "oneOf" in node || "allOf" in node;
  const shape: FieldShape = { value: false };
  if (types.has("object") || isObject(node.properties)) {
    shape.fields = new Map(
      Object.entries((node.properties ?? {}) as Record<string, JsonSchema>).map(([key, field]) => [
        key,
        shapeOf(field),
      ]),
    );
    if (isObject(node.additionalProperties)) shape.anyKey = shapeOf(node.additionalProperties);
  }
  if (types.has("array") || isObject(node.items) || Array.isArray(node.prefixItems)) {
    const items = [
      ...(Array.isArray(node.prefixItems) ? (node.prefixItems as JsonSchema[]) : []),
      ...(isObject(node.items) ? [node.items] : []),
    ];
    shape.items = items.reduce<FieldShape>((merged, item) => merge(merged, shapeOf(item)), {
      value: items.length === 0,
    });
    shape.maxItems = typeof node.maxItems === "number" ? node.maxItems : UNDECLARED_MAX_ITEMS;
  }
  // Anything else (a string, a number, a literal, an enum, a file, "any") is a plain value. A bare union adds
  // nothing of its own: its options say what it holds.
  if (!shape.fields && !shape.items && !(combined && types.size === 0)) shape.value = true;
  return shape;
}

/** A union's shape: whatever any option allows. */
function merge(a: FieldShape, b: FieldShape): FieldShape {
  const merged: FieldShape = { value: a.value || b.value };
  if (a.fields || b.fields) {
    merged.fields = new Map(a.fields);
    for (const [key, field] of b.fields ?? []) {
      const known = merged.fields.get(key);
      merged.fields.set(key, known ? merge(known, field) : field);
    }
  }
  if (a.anyKey || b.anyKey)
    merged.anyKey = a.anyKey && b.anyKey ? merge(a.anyKey, b.anyKey) : (a.anyKey ?? b.anyKey);
  if (a.items || b.items) {
    merged.items = a.items && b.items ? merge(a.items, b.items) : (a.items ?? b.items);
    merged.maxItems = Math.max(a.maxItems ?? 0, b.maxItems ?? 0);
  }
  return merged;
}

function isObject(value: unknown): value is JsonSchema {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
