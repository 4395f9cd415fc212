import { randomInt } from "node:crypto";

const SHORT_CODE_ALPHABET = "23456789abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ";

/** A short link code: 8 characters without look-alikes (0/O, 1/l/I), about 46 bits. */
export function newShortCode(): string {
  let code = "";
  for (let index = 0; index < 8; index++) code += SHORT_CODE_ALPHABET[randomInt(SHORT_CODE_ALPHABET.length)];
  return code;
}
