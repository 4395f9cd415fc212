/** `%`, `_` and `\` typed into a search box are literal characters in a LIKE pattern, not wildcards. */
function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/** A LIKE pattern that matches any text containing `value` as typed. */
export function containsPattern(value: string): string {
  return `%${escapeLike(value)}%`;
}
