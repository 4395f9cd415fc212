/**
 * Hostile values for the fuzz suite (tests/security/fuzz-*.test.ts): a seeded generator, so a failure names a
 * payload that the same seed makes again, and the mutations that turn a valid form into an attack.
 */

/** A field's value as a client can send it. Buffers are raw bytes (invalid UTF-8 among them); JSON carries the rest. */
export type FuzzValue =
  string | Buffer | number | boolean | null | FuzzValue[] | { [key: string]: FuzzValue };
export type FuzzFields = Record<string, FuzzValue>;

export class Random {
  constructor(private seed: number) {}
  next() {
    // mulberry32
    let t = (this.seed = (this.seed + 0x6d2b79f5) | 0);
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  int(max: number) {
    return Math.floor(this.next() * max);
  }
  chance(p: number) {
    return this.next() < p;
  }
  pick<T>(items: readonly T[]): T {
    return items[this.int(items.length)]!;
  }
}

/** Every C0 control, DEL, C1 samples, lone surrogates, non-characters, BOM and bidirectional overrides. */
export const CONTROLS = [
  ...Array.from({ length: 32 }, (_, code) => String.fromCharCode(code)),
  "\u007f",
  "\u0080",
  "\u0085",
  "\u009b",
  "\u009f",
  "\ud800",
  "\udbff",
  "\udc00",
  "\udfff",
  "\ufffe",
  "\uffff",
  "\ufeff",
  "\u202e",
  "\u2028",
];

/** Byte sequences no UTF-8 decoder accepts: stray bytes, overlong NUL, an encoded surrogate, past U+10FFFF, cut-offs. */
export const INVALID_UTF8 = [
  [0xff],
  [0xfe, 0xff],
  [0xc0, 0x80],
  [0xc1, 0xbf],
  [0xed, 0xa0, 0x80],
  [0xed, 0xbf, 0xbf],
  [0xf4, 0x90, 0x80, 0x80],
  [0x80],
  [0xe2, 0x82],
  [0xf0, 0x9f, 0x98],
  [0x00],
  [0xf8, 0x88, 0x80, 0x80, 0x80],
];

const ODD_STRINGS = [
  "",
  " ",
  "\t\n\r ",
  "' OR 1=1--",
  "'; drop table users; --",
  "<script>alert(1)</script>",
  '"><img src=x onerror=alert(1)>',
  "${{7*7}}",
  "../../../etc/passwd",
  "%00",
  "%ff%fe",
  "\\u0000",
  "NaN",
  "Infinity",
  "-0",
  "1e309",
  "0x10",
  "9".repeat(400),
  "😀🎉👩‍👩‍👧",
  "é\u0301\u0301\u0301",
  "ＡＢＣ＠ｅｘａｍｐｌｅ．ｃｏｍ",
  "\u0130stanbul",
  "null",
  "undefined",
  "[object Object]",
  "true",
  "on",
  "00000000-0000-0000-0000-000000000000",
  "not-a-uuid",
  "javascript:alert(1)",
  "//evil.example/x",
  "a@b",
];

const WRONG_TYPES: FuzzValue[] = [
  0,
  -1,
  1.5,
  1e308,
  Number.MAX_SAFE_INTEGER,
  true,
  false,
  null,
  [],
  ["a", "b"],
  [null],
  {},
  { $ne: "" },
  { toString: "x", valueOf: 1 },
  JSON.parse(
    '{"__proto__": {"role": "admin"}, "constructor": {"prototype": {"role": "admin"}}}',
  ) as FuzzValue,
  { a: { b: { c: { d: [1, { e: "\u0000" }] } } } },
];

const HUGE_LENGTHS = [300, 3_000, 20_000, 70_000, 300_000];

function insertAt(random: Random, value: string, piece: string) {
  const at = random.int(value.length + 1);
  return value.slice(0, at) + piece + value.slice(at);
}

const asText = (value: FuzzValue | undefined) =>
  typeof value === "string" ? value : Buffer.isBuffer(value) ? value.toString("latin1") : "";

/** `value` with one hostile change: control characters, invalid UTF-8, a huge length, an odd string or a wrong type. */
export function mutate(random: Random, value: FuzzValue | undefined): FuzzValue | undefined {
  const text = asText(value) || "value";
  switch (random.int(12)) {
    case 0:
    case 1:
      return insertAt(random, text, random.pick(CONTROLS));
    case 2:
      return Array.from({ length: 1 + random.int(4) }, () => random.pick(CONTROLS)).join("");
    case 3:
    case 4: {
      const bytes = Buffer.from(text, "utf8");
      const at = random.int(bytes.length + 1);
      return Buffer.concat([
        bytes.subarray(0, at),
        Buffer.from(random.pick(INVALID_UTF8)),
        bytes.subarray(at),
      ]);
    }
    case 5: {
      const length = random.pick(HUGE_LENGTHS);
      const filler = random.chance(0.3) ? `${text}\u0000` : random.chance(0.5) ? text : "é";
      return filler.repeat(Math.ceil(length / filler.length)).slice(0, length);
    }
    case 6:
    case 7:
      return random.pick(WRONG_TYPES);
    case 8:
      return undefined;
    case 9:
    case 10:
      return random.pick(ODD_STRINGS);
    default:
      return random.chance(0.5) ? null : "";
  }
}

/**
 * A payload from a valid `template`: most keep the form and change one to three fields, some null, blank or NUL
 * every field, some add fields the form doesn't have, and a few are random fields altogether.
 */
export function fuzzFields(random: Random, template: FuzzFields, extraNames: readonly string[]): FuzzFields {
  const fields: FuzzFields = { ...template };
  const names = Object.keys(template);
  const roll = random.next();
  // One in twenty goes as is: the valid form, to see that the action works and the rest are really refused.
  if (roll < 0.05) return fields;
  if (roll < 0.11) {
    const every = random.pick<FuzzValue>([null, "", "\u0000", [], {}]);
    for (const name of names) fields[name] = every;
  } else if (roll < 0.15) {
    return Object.fromEntries(
      Array.from({ length: random.int(8) }, () => [random.pick(extraNames), mutate(random, "x") ?? null]),
    );
  } else {
    const changes = names.length ? 1 + random.int(Math.min(3, names.length)) : 0;
    for (let i = 0; i < changes; i++) {
      const name = random.pick(names);
      const changed = mutate(random, fields[name]);
      if (changed === undefined) delete fields[name];
      else fields[name] = changed;
    }
  }
  if (random.chance(0.08)) fields[random.chance(0.5) ? random.pick(extraNames) : random.pick(CONTROLS)] = "x";
  return fields;
}
