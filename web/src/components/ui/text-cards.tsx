/**
 * Cards of a title and a sentence each: the landing page's highlights, the shop's promise and the
 * story's benefits. `cardClass` is added to `card`; the title is an h2, or an h3 under a section heading.
 */
export function TextCards({ items, cardClass, heading: Heading = 'h2' }: { items: readonly { title: string; text: string }[]; cardClass: string; heading?: 'h2' | 'h3' }) {
  return items.map((item) => (
    <article key={item.title} className={`card ${cardClass}`}>
      <Heading>{item.title}</Heading>
      <p>{item.text}</p>
    </article>
  ));
}
