/**
 * The site's route table. The landing page (with the demo checkout and the contact modal) is in the
 * first bundle so it paints fast; every other page is its own lazily loaded chunk.
 * Features never import each other: the app composes them here (e.g. the landing page gets the demo
 * checkout and the contact modal as props).
 */
import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { ContactModal } from '../features/contact/ContactModal.tsx';
import { DemoCheckout } from '../features/demo-checkout/DemoCheckout.tsx';
import { LandingPage } from '../features/landing/LandingPage.tsx';
import { VerifyingPage } from '../features/payment-success/Verifying.tsx';
import { Spinner } from '../shared/PageLayout.tsx';

export interface SiteRoute {
  path: string;
  element: ReactNode;
}

/** A page loaded on first visit, with a spinner while its chunk arrives. */
function page<K extends string>(
  load: () => Promise<Record<K, ComponentType>>,
  name: K,
  fallback: ReactNode = <Spinner />,
): ReactNode {
  const Page: ComponentType = lazy(async () => ({ default: (await load())[name] as ComponentType }));
  return (
    <Suspense fallback={fallback}>
      <Page />
    </Suspense>
  );
}

export const siteRoutes: SiteRoute[] = [
  {
    path: '/',
    element: (
      <LandingPage demoCheckout={<DemoCheckout />} renderContact={(props) => <ContactModal {...props} />} />
    ),
  },
  { path: '/blog', element: page(() => import('../features/blog/BlogListPage.tsx'), 'BlogListPage') },
  { path: '/blog/:slug', element: page(() => import('../features/blog/BlogPostPage.tsx'), 'BlogPostPage') },
  { path: '/privacy', element: page(() => import('../features/legal/PrivacyPage.tsx'), 'PrivacyPage') },
  { path: '/terms', element: page(() => import('../features/legal/TermsPage.tsx'), 'TermsPage') },
  { path: '/cancel', element: page(() => import('../features/results/CancelPage.tsx'), 'CancelPage') },
  {
    path: '/payment-complete',
    element: page(() => import('../features/results/PaymentCompletePage.tsx'), 'PaymentCompletePage'),
  },
  // Accounts, the success page and the Stripe Connect return (site accounts/success/connect features).
  { path: '/login', element: page(() => import('../features/accounts/LoginPage.tsx'), 'LoginPage') },
  { path: '/signup', element: page(() => import('../features/accounts/SignupPage.tsx'), 'SignupPage') },
  {
    path: '/forgot-password',
    element: page(() => import('../features/accounts/ForgotPasswordPage.tsx'), 'ForgotPasswordPage'),
  },
  {
    path: '/verify-email',
    element: page(() => import('../features/accounts/VerifyEmailPage.tsx'), 'VerifyEmailPage'),
  },
  {
    path: '/reset-password',
    element: page(() => import('../features/accounts/ResetPasswordPage.tsx'), 'ResetPasswordPage'),
  },
  {
    path: '/accept-invitation',
    element: page(() => import('../features/accounts/AcceptInvitationPage.tsx'), 'AcceptInvitationPage'),
  },
  {
    path: '/unauthorized',
    element: page(() => import('../features/accounts/UnauthorizedPage.tsx'), 'UnauthorizedPage'),
  },
  { path: '/receipt/:id', element: page(() => import('../features/receipt/ReceiptPage.tsx'), 'ReceiptPage') },
  {
    path: '/success',
    element: page(
      () => import('../features/payment-success/PaymentSuccessPage.tsx'),
      'PaymentSuccessPage',
      // "Verifying…" from the first paint, while the page's code loads.
      <VerifyingPage />,
    ),
  },
  {
    path: '/connect/callback',
    element: page(
      () => import('../features/connect-callback/ConnectCallbackPage.tsx'),
      'ConnectCallbackPage',
    ),
  },
  { path: '*', element: page(() => import('../features/errors/NotFoundPage.tsx'), 'NotFoundPage') },
];
