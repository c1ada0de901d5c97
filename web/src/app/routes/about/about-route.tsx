import { TextCards } from '../../../components/ui/text-cards.js';
import { Link } from 'react-router-dom';
import { paths } from '../../../config/paths.js';
import { PAGE_META, usePageMeta } from '../../page-meta.js';

const BENEFITS = [
  {
    title: 'Lakadong Turmeric',
    text: 'From the hills of Meghalaya, with a naturally high curcumin content that gives our pickles their golden colour and warmth.',
  },
  {
    title: 'Cayenne Pepper',
    text: 'Sun-dried and freshly ground for a clean, lively heat that lifts the meat without hiding its flavour.',
  },
  {
    title: 'Himalayan Rock Salt',
    text: 'Unrefined and mineral-rich, it seasons gently and helps the pickle keep the slow, traditional way.',
  },
  {
    title: 'Fresh Oils',
    text: 'Cold-pressed mustard and fresh oils, heated just enough to carry the spices deep into every piece.',
  },
] as const;

export default function AboutRoute() {
  usePageMeta(PAGE_META.about);
  return (
    <>
      <section className="page-hero" aria-labelledby="about-title">
        <div className="container">
          <p className="hero__eyebrow">Our Story</p>
          <h1 id="about-title">Flavour-Rich Meat Pickles, Made the Royal Way</h1>
          <p>
            Tender chicken and mutton, slow-cooked with handpicked spices and preserved in fresh oils: the pickles once served at a
            royal table, now made in our home kitchen in Delhi.
          </p>
        </div>
      </section>

      <section className="container story" aria-labelledby="legacy-title">
        <div className="story__text">
          <h2 id="legacy-title">A Legacy of More Than a Century</h2>
          <p>
            Our recipes began in a royal household kitchen more than a hundred years ago, where meat pickles were prepared each winter
            to last through the year. The methods were never written in a book; they were taught, hand to hand, from one generation
            to the next.
          </p>
          <p>
            We still cook the same way. The meat is slow-cooked until it is tender, the spices are chosen by hand, roasted and ground
            in small batches, and every jar rests until the masala has settled into each piece. Nothing is rushed, and nothing
            artificial is added.
          </p>
          <p>Every box that leaves our kitchen carries that century-old care to your table.</p>
        </div>
        <img className="story__art" src="/images/spices.svg" alt="Whole spices: turmeric, chillies and rock salt" width="480" height="96" loading="lazy" decoding="async" />
      </section>

      <section className="container benefits" aria-labelledby="benefits-title">
        <h2 id="benefits-title">What Goes Into Every Jar</h2>
        <div className="benefits__grid">
          <TextCards items={BENEFITS} cardClass="benefit" heading="h3" />
        </div>
      </section>

      <section className="cta" aria-labelledby="cta-title">
        <div className="container">
          <h2 id="cta-title">Bring the Royal Taste Home</h2>
          <p>Small batches, made fresh every week. Order yours while the current batch lasts.</p>
          <Link to={paths.shop} className="btn btn-primary btn-lg">
            Shop Our Pickles
          </Link>
        </div>
      </section>
    </>
  );
}
