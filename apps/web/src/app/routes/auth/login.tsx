import { ui } from '@toque/contracts/ui';
import { authCopy } from '../../../content/pages';
import { AuthPanel } from '../../../features/auth/components/auth-panel';
import { LoginForm } from '../../../features/auth/components/login-form';

export function LoginPage() {
  return (
    <AuthPanel title={ui.headings.login} intro={authCopy.loginIntro}>
      <LoginForm />
    </AuthPanel>
  );
}
