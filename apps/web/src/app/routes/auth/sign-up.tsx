import { ui } from '@toque/contracts/ui';
import { authCopy } from '../../../content/pages';
import { AuthPanel } from '../../../features/auth/components/auth-panel';
import { SignUpForm } from '../../../features/auth/components/sign-up-form';

export function SignUpPage() {
  return (
    <AuthPanel title={ui.headings.signUp} intro={authCopy.signUpIntro}>
      <SignUpForm />
    </AuthPanel>
  );
}
