import { Navigate, Route, Routes, matchPath, useParams } from 'react-router-dom';
import { SiteLayout } from '../components/layout/site-layout.js';
import { isPolicyName, paths } from '../config/paths.js';
import { lazyRoute, type LazyRoute } from '../lib/lazy-route.js';

// Every page is its own chunk: the storefront never downloads checkout, admin or spreadsheet code.
const LandingRoute = lazyRoute(() => import('./routes/landing/landing-route.js'));
const ShopRoute = lazyRoute(() => import('./routes/shop/shop-route.js'));
const ProductRoute = lazyRoute(() => import('./routes/product/product-route.js'));
const AboutRoute = lazyRoute(() => import('./routes/about/about-route.js'));
const PolicyRoute = lazyRoute(() => import('./routes/policies/policy-route.js'));
const PaymentSuccessRoute = lazyRoute(() => import('./routes/payment-result/payment-success-route.js'));
const PaymentFailedRoute = lazyRoute(() => import('./routes/payment-result/payment-failed-route.js'));
const NotFoundRoute = lazyRoute(() => import('./routes/not-found-route.js'));
const PaymentRoute = lazyRoute(() => import('./routes/payment/payment-route.js'));
const LoginRoute = lazyRoute(() => import('./routes/admin/login-route.js'));
const AdminRoute = lazyRoute(() => import('./routes/admin/admin-route.js'));
const TrackRoute = lazyRoute(() => import('./routes/track/track-route.js'));
const ComplaintRoute = lazyRoute(() => import('./routes/complaint/complaint-route.js'));
const AdminComplaintsRoute = lazyRoute(() => import('./routes/admin-complaints/admin-complaints-route.js'));
const AdminStockRoute = lazyRoute(() => import('./routes/admin-stock/admin-stock-route.js'));
const AdminNewOrderRoute = lazyRoute(() => import('./routes/admin-new-order/admin-new-order-route.js'));
const AdminDiscountCodesRoute = lazyRoute(() => import('./routes/admin-discount-codes/admin-discount-codes-route.js'));
const AdminCatalogueRoute = lazyRoute(() => import('./routes/admin-catalogue/admin-catalogue-route.js'));
const AdminDeliveryProblemsRoute = lazyRoute(() => import('./routes/admin-delivery-problems/admin-delivery-problems-route.js'));

/** Known policy names render; any other name goes to the privacy policy (spec route table). */
function PolicyGuard() {
  const { policyName } = useParams();
  if (!isPolicyName(policyName)) return <Navigate to={paths.defaultPolicy} replace />;
  return <PolicyRoute />;
}

const ROUTES: ReadonlyArray<{ path: string; route: LazyRoute }> = [
  { path: paths.home, route: LandingRoute },
  { path: paths.shop, route: ShopRoute },
  { path: paths.product, route: ProductRoute },
  { path: paths.about, route: AboutRoute },
  { path: '/policies/:policyName', route: PolicyRoute },
  { path: paths.paymentSuccess, route: PaymentSuccessRoute },
  { path: paths.paymentFailed, route: PaymentFailedRoute },
  { path: paths.payment, route: PaymentRoute },
  { path: paths.login, route: LoginRoute },
  { path: paths.admin, route: AdminRoute },
  // Before /admin/*, which would match it too.
  { path: paths.adminComplaints, route: AdminComplaintsRoute },
  { path: paths.adminStock, route: AdminStockRoute },
  { path: paths.adminDiscountCodes, route: AdminDiscountCodesRoute },
  { path: paths.adminNewOrder, route: AdminNewOrderRoute },
  { path: `${paths.adminCatalogue}/*`, route: AdminCatalogueRoute },
  { path: paths.adminDeliveryProblems, route: AdminDeliveryProblemsRoute },
  { path: `${paths.admin}/*`, route: AdminRoute },
  { path: paths.track, route: TrackRoute },
  { path: paths.complaint, route: ComplaintRoute },
];

/**
 * Loads the chunk of the page at `pathname` so hydration renders it synchronously and matches the
 * prerendered HTML. Failures are left to the error boundary during render.
 */
export async function preloadRouteFor(pathname: string): Promise<void> {
  const match = ROUTES.find((entry) => matchPath({ path: entry.path, end: true }, pathname));
  await (match?.route ?? NotFoundRoute).preload().catch(() => undefined);
}

export function AppRoutes() {
  return (
    <SiteLayout>
      <Routes>
        <Route path={paths.home} element={<LandingRoute />} />
        <Route path={paths.shop} element={<ShopRoute />} />
        <Route path={paths.product} element={<ProductRoute />} />
        <Route path={paths.about} element={<AboutRoute />} />
        <Route path={paths.policies} element={<Navigate to={paths.defaultPolicy} replace />} />
        <Route path="/policies/:policyName" element={<PolicyGuard />} />
        <Route path="/policies/*" element={<Navigate to={paths.defaultPolicy} replace />} />
        <Route path={paths.payment} element={<PaymentRoute />} />
        <Route path={paths.paymentSuccess} element={<PaymentSuccessRoute />} />
        <Route path={paths.paymentFailed} element={<PaymentFailedRoute />} />
        <Route path={paths.login} element={<LoginRoute />} />
        <Route path={`${paths.admin}/*`} element={<AdminRoute />} />
        <Route path={paths.adminComplaints} element={<AdminComplaintsRoute />} />
        <Route path={paths.adminStock} element={<AdminStockRoute />} />
        <Route path={paths.adminDiscountCodes} element={<AdminDiscountCodesRoute />} />
        <Route path={paths.adminNewOrder} element={<AdminNewOrderRoute />} />
        <Route path={`${paths.adminCatalogue}/*`} element={<AdminCatalogueRoute />} />
        <Route path={paths.adminDeliveryProblems} element={<AdminDeliveryProblemsRoute />} />
        <Route path={paths.track} element={<TrackRoute />} />
        <Route path={paths.complaint} element={<ComplaintRoute />} />
        <Route path="*" element={<NotFoundRoute />} />
      </Routes>
    </SiteLayout>
  );
}
