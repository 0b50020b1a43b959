import { Link } from 'react-router';
import { accountUi } from '@toque/contracts/account';
import { paths } from '@toque/contracts/routes';
import { buttonClasses } from '../../../components/ui/button';
import type { RedirectState } from '../../../lib/redirect';

/**
 * ACC-04: to the login page, which brings the user back to this onboarding page once logged in —
 * where a logged-in user is offered to add the code to their account.
 */
export function LoginToAdd({ code, className = '' }: { code: string; className?: string }) {
  const state: RedirectState = { from: { pathname: paths.onboarding(code) } };
  return (
    <Link to={paths.login} state={state} className={buttonClasses('primary', 'md', className)}>
      {accountUi.onboarding.loginAndAdd}
    </Link>
  );
}
