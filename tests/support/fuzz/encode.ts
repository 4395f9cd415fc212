import { mutate, type FuzzFields, type FuzzValue, type Random } from "./values";

/**
 * Request bodies built byte by byte, so that what a browser would never send (invalid UTF-8, raw bytes in a form
 * body, a lone surrogate escaped in JSON, a cut-off multipart body) reaches the server as is.
 */
export interface EncodedBody {
  body?: Buffer;
  contentType?: string;
}

export interface FuzzFile {
  name: string | Buffer;
  type: string;
  bytes: Buffer;
}

const utf8 = (text: string) => Buffer.from(text, "utf8");

/** Form fields as name/bytes pairs: arrays repeat the name, objects become `name[key]`, null an empty value. */
function flatten(name: string, value: FuzzValue, out: [string, Buffer][]) {
  if (Buffer.isBuffer(value)) out.push([name, value]);
  else if (typeof value === "string") out.push([name, utf8(value)]);
  else if (value === null) out.push([name, Buffer.alloc(0)]);
  else if (Array.isArray(value)) for (const item of value) flatten(name, item, out);
  else if (typeof value === "object") {
    const entries = Object.entries(value);
    if (entries.length === 0) out.push([name, Buffer.alloc(0)]);
    for (const [key, item] of entries) flatten(`${name}[${key}]`, item, out);
  } else out.push([name, utf8(String(value))]);
}

const pairsOf = (fields: FuzzFields) => {
  const out: [string, Buffer][] = [];
  for (const [name, value] of Object.entries(fields)) flatten(name, value, out);
  return out;
};

/** Each byte as it appears in a urlencoded body: unreserved characters as is, space as "+", the rest as %XX. */
const ESCAPED = Array.from({ length: 256 }, (_, byte) => {
  const char = String.fromCharCode(byte);
  if (/[A-Za-z0-9*_.~-]/.test(char)) return char;
  return byte === 0x20 ? "+" : `%${byte.toString(16).toUpperCase().padStart(2, "0")}`;
});

/** Percent-encoded bytes (as a latin1 string); with `raw`, bytes past ASCII go unescaped. */
function percentEncode(bytes: Buffer, raw: boolean) {
  let out = "";
  for (const byte of bytes) out += raw && byte >= 0x80 ? String.fromCharCode(byte) : ESCAPED[byte];
  return out;
}

export function urlencoded(random: Random, fields: FuzzFields): EncodedBody {
  // Now and then bytes past ASCII go raw, as a careless client sends them.
  const raw = random.chance(0.1);
  const text = pairsOf(fields)
    .map(([name, value]) => `${percentEncode(utf8(name), raw)}=${percentEncode(value, raw)}`)
    .join("&");
  return { body: Buffer.from(text, "latin1"), contentType: "application/x-www-form-urlencoded" };
}

const quoted = (text: string | Buffer) =>
  Buffer.concat([
    Buffer.from('"'),
    Buffer.from(
      (Buffer.isBuffer(text) ? text : utf8(text)).map((byte) =>
        byte === 0x22 || byte === 0x0a ? 0x5f : byte,
      ),
    ),
    Buffer.from('"'),
  ]);

export function multipart(
  random: Random,
  fields: FuzzFields,
  files: Record<string, FuzzFile> = {},
): EncodedBody {
  const boundary = `----fuzz${random.int(1e9)}`;
  const parts: Buffer[] = [];
  const part = (name: string, value: Buffer, file?: FuzzFile) => {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name=`),
      quoted(name),
      file ? Buffer.concat([Buffer.from("; filename="), quoted(file.name)]) : Buffer.alloc(0),
      Buffer.from(file ? `\r\nContent-Type: ${file.type}\r\n\r\n` : "\r\n\r\n"),
      value,
      Buffer.from("\r\n"),
    );
  };
  for (const [name, value] of pairsOf(fields)) part(name, value);
  for (const [name, file] of Object.entries(files)) part(name, file.bytes, file);
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  let body = Buffer.concat(parts);
  if (random.chance(0.04)) body = body.subarray(0, random.int(body.length));
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

/** A JSON string literal holding raw bytes: quote, backslash and control bytes escaped, everything else as is. */
function rawJsonString(bytes: Buffer) {
  const out: Buffer[] = [Buffer.from('"')];
  for (const byte of bytes) {
    if (byte === 0x22 || byte === 0x5c) out.push(Buffer.from([0x5c, byte]));
    else if (byte < 0x20) out.push(Buffer.from(`\\u00${byte.toString(16).padStart(2, "0")}`));
    else out.push(Buffer.from([byte]));
  }
  out.push(Buffer.from('"'));
  return Buffer.concat(out);
}

function jsonBytes(value: FuzzValue): Buffer {
  if (Buffer.isBuffer(value)) return rawJsonString(value);
  if (Array.isArray(value)) {
    return Buffer.concat([
      Buffer.from("["),
      ...value.flatMap((item, index) => [Buffer.from(index ? "," : ""), jsonBytes(item)]),
      Buffer.from("]"),
    ]);
  }
  if (value !== null && typeof value === "object") {
    return Buffer.concat([
      Buffer.from("{"),
      ...Object.entries(value).flatMap(([key, item], index) => [
        Buffer.from(index ? "," : ""),
        utf8(JSON.stringify(key)),
        Buffer.from(":"),
        jsonBytes(item),
      ]),
      Buffer.from("}"),
    ]);
  }
  // JSON.stringify escapes lone surrogates ("\ud800") and control characters ("\u0000"): the server decodes them.
  return utf8(JSON.stringify(value) ?? "null");
}

export function json(random: Random, fields: FuzzFields): EncodedBody {
  const roll = random.next();
  let body: Buffer;
  if (roll < 0.04) body = jsonBytes(random.pick<FuzzValue>([[fields], "x", 1, null, true, []]));
  else body = jsonBytes(fields);
  if (roll > 0.96) body = body.subarray(0, random.int(body.length));
  return { body, contentType: random.chance(0.95) ? "application/json" : "application/json; charset=latin1" };
}

/** Bodies that are no form at all: random bytes under a random type, nothing, or a lone multipart boundary. */
export function garbage(random: Random): EncodedBody {
  switch (random.int(4)) {
    case 0:
      return {
        body: Buffer.from(Array.from({ length: random.int(3000) }, () => random.int(256))),
        contentType: random.pick([
          "multipart/form-data; boundary=xyz",
          "multipart/form-data",
          "application/x-www-form-urlencoded",
          "application/json",
          "application/octet-stream",
          "text/plain",
          "text/plain; charset=utf-16",
          "application/x-www-form-urlencoded; charset=iso-8859-1",
        ]),
      };
    case 1:
      return {};
    case 2:
      return { body: Buffer.alloc(0), contentType: "application/json" };
    default:
      return {
        body: Buffer.from(
          '--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\n\u0089PNG',
        ),
        contentType: "multipart/form-data; boundary=xyz",
      };
  }
}

/** A path segment or query value: a hostile variant of `base`, percent-encoded byte for byte. */
export function urlPart(random: Random, base: string): string {
  const value = random.chance(0.85) ? mutate(random, base) : base;
  const bytes = Buffer.isBuffer(value)
    ? value
    : utf8(typeof value === "string" ? value : value === undefined ? "" : JSON.stringify(value));
  return percentEncode(bytes.subarray(0, 2000), false).replaceAll("+", "%20");
}
