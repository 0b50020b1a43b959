import { paths } from '@toque/contracts/routes';

/** Pages that send a logged-in visitor elsewhere (AUTH-01): their prerendered HTML is the guest's view. */
const guestOnly = new Set<string>([
  paths.login,
  paths.signUp,
  paths.forgotPassword,
  paths.forgotPasswordSuccess,
  paths.resetPassword,
  paths.resetPasswordSuccess,
]);

/**
 * Whether the HTML in #root may be hydrated: it must be the prerendering of the page being opened,
 * and show what this visitor would see. Otherwise the app renders from scratch over it.
 */
export function shouldHydrate(prerenderedPath: string | undefined, pathname: string, loggedIn: boolean): boolean {
  if (!prerenderedPath) return false;
  const path = pathname.replace(/\/+$/, '') || '/';
  if (path !== prerenderedPath) return false;
  return !(loggedIn && guestOnly.has(path));
}
