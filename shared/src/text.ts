/**
 * Line breaks as text is kept: LF only. A CRLF (Windows, and every browser's
 * multipart/form-data, which sends a textarea's breaks as CRLF) or a lone CR becomes LF, so
 * that the same text is the same string however it arrived, and a save changes only what was
 * edited.
 */
export function normaliseNewlines(text: string): string {
  return text.includes('\r') ? text.replace(/\r\n?/g, '\n') : text;
}
