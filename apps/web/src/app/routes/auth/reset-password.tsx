import { Link } from 'react-router';
import { paths } from '@toque/contracts/routes';
import { ui } from '@toque/contracts/ui';
import { authCopy } from '../../../content/pages';
import { AuthPanel } from '../../../features/auth/components/auth-panel';
import { ResetPasswordForm } from '../../../features/auth/components/reset-password-form';
import { useEmailParam } from '../../../features/auth/hooks/use-email-param';

export function ResetPasswordPage() {
  const email = useEmailParam();
  return (
    <AuthPanel title={ui.headings.resetPassword} intro={authCopy.resetIntro}>
      <ResetPasswordForm initialEmail={email} />
    </AuthPanel>
  );
}

export function ResetPasswordSuccessPage() {
  return (
    <AuthPanel title={ui.headings.resetPasswordSuccess} intro={authCopy.resetSuccessText}>
      <Link to={paths.login} className="tap-target font-semibold text-brand-700 underline underline-offset-4">
        {ui.links.goToLogin}
      </Link>
    </AuthPanel>
  );
}
