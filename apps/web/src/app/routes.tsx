import type { ReactNode } from 'react';
import type { RouteObject } from 'react-router';
import { paths } from '@toque/contracts/routes';
import { AdminRoute } from './guards/admin-route';
import { GuestRoute } from './guards/guest-route';
import { ProtectedRoute } from './guards/protected-route';
import { PageSuspense } from './layouts/page-suspense';
import { PublicLayout } from './layouts/public-layout';
import { RootLayout } from './layouts/root-layout';
import { lazyNamed } from './lazy-named';
import { HomePage } from './routes/public/home';
import { NotFoundPage } from './routes/public/not-found';
import { RouteErrorPage } from './routes/public/route-error';
import {
  BraceletsPage,
  CollarsPage,
  ComingSoonPage,
  DoorbellsPage,
  LandingPage,
  ManualPage,
  ObjectsPage,
  PrivacyPage,
  TermsPage,
} from './routes/public/placeholders';

/*
 * Public pages ship in the main bundle; everything behind a form, a login or a call is split out
 * (PERF-03), so the home page loads little JavaScript.
 */
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
const dashboard = () => import('./routes/dashboard/placeholders');
const FinancePage = lazyNamed(dashboard, 'FinancePage');
const DashboardManualPage = lazyNamed(dashboard, 'DashboardManualPage');
const ProductsPage = lazyNamed(dashboard, 'ProductsPage');
const EditTagPage = lazyNamed(dashboard, 'EditTagPage');
const UnitsPage = lazyNamed(dashboard, 'UnitsPage');
const EditUnitPage = lazyNamed(dashboard, 'EditUnitPage');
const admin = () => import('./routes/admin/placeholders');
const CondoActivationPage = lazyNamed(admin, 'CondoActivationPage');
const ManageClientsPage = lazyNamed(admin, 'ManageClientsPage');

const page = (path: string, element: ReactNode): RouteObject => ({ path, element });

/** Every route of the specification's section 2, plus the finder's /t/:code. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteErrorPage />,
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
          page(paths.onboarding(':qrCode'), <OnboardingPage />),
          page(paths.call, <CallPage />),
          page(paths.finder(':code'), <FinderPage />),
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
          page('*', <NotFoundPage />),
        ],
      },
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
              page(paths.editUnit(':condoCode', ':id'), <EditUnitPage />),
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
];
