import { Link } from 'react-router-dom';
import { paths } from '../../config/paths.js';
import { PAGE_META, usePageMeta } from '../page-meta.js';

export default function NotFoundRoute() {
  usePageMeta(PAGE_META.notFound);
  return (
    <section className="container result-page" aria-labelledby="not-found-title">
      <h1 id="not-found-title">Page not found</h1>
      <p>The page you are looking for does not exist.</p>
      <Link to={paths.home} className="btn btn-primary">
        Go Home
      </Link>
    </section>
  );
}
