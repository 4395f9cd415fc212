/**
 * Text typed into a search box, made safe to send to PostgreSQL: NUL (which a text value cannot hold, so the
 * query would fail with a 500) and other control characters become spaces.
 */
export function cleanSearchText(value: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is being removed
  return value.replace(/[\u0000-\u001f\u007f]/g, " ");
}
