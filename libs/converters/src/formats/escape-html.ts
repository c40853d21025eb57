/**
 * Text for HTML element content or a double-quoted attribute value: `&`, `<`, `>`
 * and `"` escaped, so nothing from a document can open a tag or leave an attribute.
 */
export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
