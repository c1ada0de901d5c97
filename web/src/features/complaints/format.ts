/** "+91 11 4567 8900" -> "tel:+911145678900". */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}
