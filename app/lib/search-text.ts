/**
 * Text typed into a search box or a shareable URL's query string, made safe to send to PostgreSQL: control
 * characters (NUL, which a text value cannot hold, among them) and lone UTF-16 surrogates become spaces. A search
 * is never refused for them (docs/security.md "Control characters").
 */
export function cleanSearchText(value: string): string {
  return value.replace(/[\p{Cc}\p{Cs}]/gu, " ");
}
