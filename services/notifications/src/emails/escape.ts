/** Customer fields end up in HTML e-mails: everything interpolated goes through this. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char);
}

/**
 * A name someone typed, made unable to pass for a link: mail clients turn `evil.example/x` or
 * `https://…` into links, and a name is printed in the shop's own voice. A dot (or a look-alike)
 * before a word's letters becomes `[.]` and `://` becomes `[:]//`; `A. K. Sharma` is left as it is.
 */
export function neutraliseLinks(value: string): string {
  return value.replace(/([\p{L}\p{N}])[.\u3002\uff0e\uff61](?=[\p{L}\p{N}]{2})/gu, '$1[.]').replace(/:\/\//g, '[:]//');
}
