import { Link } from 'react-router';
import { paths } from '@toque/contracts/routes';
import { ui } from '@toque/contracts/ui';
import { authCopy } from '../../../content/pages';
import { AuthPanel } from '../../../features/auth/components/auth-panel';
import { ForgotPasswordForm } from '../../../features/auth/components/forgot-password-form';
import { useEmailParam, withEmail } from '../../../features/auth/hooks/use-email-param';

export function ForgotPasswordPage() {
  return (
    <AuthPanel title={ui.headings.forgotPassword} intro={authCopy.forgotIntro}>
      <ForgotPasswordForm />
    </AuthPanel>
  );
}

export function ForgotPasswordSuccessPage() {
  const email = useEmailParam();
  return (
    <AuthPanel title={ui.headings.forgotPasswordSuccess} intro={authCopy.forgotSuccessText}>
      <Link
        to={withEmail(paths.resetPassword, email)}
        className="tap-target font-semibold text-brand-700 underline underline-offset-4"
      >
        {ui.links.goToReset}
      </Link>
    </AuthPanel>
  );
}
