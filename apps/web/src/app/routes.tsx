import type { ReactNode } from 'react';
import type { RouteObject } from 'react-router';
import { paths } from '@toque/contracts/routes';
import { PageSuspense } from './layouts/page-suspense';
import { PublicLayout } from './layouts/public-layout';
import { RootLayout } from './layouts/root-layout';
import { lazyNamed } from './lazy-named';

/*
 * PERF-03: every page is its own chunk. The public pages are prerendered to HTML at build time
 * (docs/decisions/0009-public-pages-prerender.md) and hydrate with their chunk preloaded; the
 * API client, the session, the query cache and the toasts come with ServicesLayout, so none of
 * them is in the home page's first load (checked by the build).
 */
const home = () => import('../features/marketing/pages/home-page');
const HomePage = lazyNamed(home, 'HomePage');
const product = () => import('../features/marketing/pages/product-page');
const BraceletsPage = lazyNamed(product, 'BraceletsPage');
const CollarsPage = lazyNamed(product, 'CollarsPage');
const ObjectsPage = lazyNamed(product, 'ObjectsPage');
const DoorbellsPage = lazyNamed(product, 'DoorbellsPage');
const ManualPage = lazyNamed(() => import('../features/marketing/pages/manual-page'), 'ManualPage');
const legal = () => import('../features/marketing/pages/legal-page');
const PrivacyPage = lazyNamed(legal, 'PrivacyPage');
const TermsPage = lazyNamed(legal, 'TermsPage');
const LandingPage = lazyNamed(() => import('../features/marketing/pages/landing-page'), 'LandingPage');
const ComingSoonPage = lazyNamed(() => import('../features/marketing/pages/coming-soon-page'), 'ComingSoonPage');
const NotFoundPage = lazyNamed(() => import('../features/marketing/pages/not-found-page'), 'NotFoundPage');

const ServicesLayout = lazyNamed(() => import('./layouts/services-layout'), 'ServicesLayout');
const GuestRoute = lazyNamed(() => import('./guards/guest-route'), 'GuestRoute');
const ProtectedRoute = lazyNamed(() => import('./guards/protected-route'), 'ProtectedRoute');
const AdminRoute = lazyNamed(() => import('./guards/admin-route'), 'AdminRoute');

const FinderPage = lazyNamed(() => import('./routes/public/finder'), 'FinderPage');
const CallPage = lazyNamed(() => import('./routes/public/call'), 'CallPage');

const LoginPage = lazyNamed(() => import('./routes/auth/login'), 'LoginPage');
const SignUpPage = lazyNamed(() => import('./routes/auth/sign-up'), 'SignUpPage');
const OnboardingPage = lazyNamed(() => import('./routes/auth/onboarding'), 'OnboardingPage');
const forgot = () => import('./routes/auth/forgot-password');
const ForgotPasswordPage = lazyNamed(forgot, 'ForgotPasswordPage');
const ForgotPasswordSuccessPage = lazyNamed(forgot, 'ForgotPasswordSuccessPage');
const reset = () => import('./routes/auth/reset-password');
const ResetPasswordPage = lazyNamed(reset, 'ResetPasswordPage');
const ResetPasswordSuccessPage = lazyNamed(reset, 'ResetPasswordSuccessPage');

const DashboardLayout = lazyNamed(() => import('./layouts/dashboard/dashboard-layout'), 'DashboardLayout');
const DashboardHomePage = lazyNamed(() => import('./routes/dashboard/home'), 'DashboardHomePage');
const AccountPage = lazyNamed(() => import('./routes/dashboard/account'), 'AccountPage');
const FinancePage = lazyNamed(() => import('./routes/dashboard/finance'), 'FinancePage');
const DashboardManualPage = lazyNamed(() => import('./routes/dashboard/manual'), 'DashboardManualPage');
const ProductsPage = lazyNamed(() => import('./routes/dashboard/products'), 'ProductsPage');
const EditTagPage = lazyNamed(() => import('./routes/dashboard/edit-tag'), 'EditTagPage');
const UnitsPage = lazyNamed(() => import('./routes/dashboard/units'), 'UnitsPage');
const MyCondominiumPage = lazyNamed(() => import('./routes/dashboard/my-condominium'), 'MyCondominiumPage');
const MyUnitPage = lazyNamed(() => import('./routes/dashboard/my-unit'), 'MyUnitPage');
const EditUnitPage = lazyNamed(() => import('./routes/dashboard/edit-unit'), 'EditUnitPage');
const CondoActivationPage = lazyNamed(() => import('./routes/admin/condo-activation'), 'CondoActivationPage');
const ManageClientsPage = lazyNamed(() => import('./routes/admin/manage-clients'), 'ManageClientsPage');
const CallHistoryPage = lazyNamed(() => import('./routes/dashboard/calls'), 'CallHistoryPage');
const ConversationsPage = lazyNamed(() => import('./routes/dashboard/conversations'), 'ConversationsPage');
const ConversationPage = lazyNamed(() => import('./routes/dashboard/conversations'), 'ConversationPage');

const page = (path: string, element: ReactNode): RouteObject => ({ path, element });

/** Every route of the specification's section 2, plus the finder's /t/:code. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      {
        element: <PublicLayout />,
        children: [
          { index: true, element: <HomePage /> },
          page(paths.manual, <ManualPage />),
          page(paths.privacy, <PrivacyPage />),
          page(paths.bracelets, <BraceletsPage />),
          page(paths.collars, <CollarsPage />),
          page(paths.objects, <ObjectsPage />),
          page(paths.doorbells, <DoorbellsPage />),
          page(paths.terms, <TermsPage />),
          page(paths.landing, <LandingPage />),
          page(paths.comingSoon, <ComingSoonPage />),
          {
            element: <ServicesLayout />,
            children: [
              page(paths.onboarding(':qrCode'), <OnboardingPage />),
              {
                element: <GuestRoute />,
                children: [
                  page(paths.login, <LoginPage />),
                  page(paths.signUp, <SignUpPage />),
                  page(paths.forgotPassword, <ForgotPasswordPage />),
                  page(paths.forgotPasswordSuccess, <ForgotPasswordSuccessPage />),
                  page(paths.resetPassword, <ResetPasswordPage />),
                  page(paths.resetPasswordSuccess, <ResetPasswordSuccessPage />),
                ],
              },
            ],
          },
          page('*', <NotFoundPage />),
        ],
      },
      {
        element: (
          <PageSuspense>
            <ServicesLayout />
          </PageSuspense>
        ),
        children: [
          // CALL-08: only a logged-in recipient sees a call; others log in first, then come back.
          // FIND-05: the finder's page has its own light header and footer, in the finder's language.
          page(paths.finder(':code'), <FinderPage />),
          // The call has the whole screen: no marketing header or footer around it.
          { element: <ProtectedRoute />, children: [page(paths.call, <CallPage />)] },
          {
            element: <ProtectedRoute />,
            children: [
              {
                element: (
                  <PageSuspense>
                    <DashboardLayout />
                  </PageSuspense>
                ),
                children: [
                  page(paths.dashboard, <DashboardHomePage />),
                  page(paths.finance, <FinancePage />),
                  page(paths.account, <AccountPage />),
                  page(paths.accountAlias, <AccountPage />),
                  page(paths.dashboardManual, <DashboardManualPage />),
                  page(paths.manualAlias, <DashboardManualPage />),
                  page(paths.products, <ProductsPage />),
                  page(paths.productsAlias, <ProductsPage />),
                  page(paths.editTag(':code'), <EditTagPage />),
                  page(paths.units(':condoCode'), <UnitsPage />),
                  page(paths.myCondominium, <MyCondominiumPage />),
                  page(paths.myUnit(':unitId'), <MyUnitPage />),
                  page(paths.editUnit(':condoCode', ':id'), <EditUnitPage />),
                  page(paths.callHistory, <CallHistoryPage />),
                  page(paths.conversations, <ConversationsPage />),
                  page(paths.conversation(':id'), <ConversationPage />),
                  {
                    element: <AdminRoute />,
                    children: [
                      page(paths.condoActivation, <CondoActivationPage />),
                      page(paths.manageClients, <ManageClientsPage />),
                    ],
                  },
                ],
              },
            ],
          },
        ],
      },
    ],
  },
];
