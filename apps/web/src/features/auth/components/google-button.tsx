import { ui } from '@toque/contracts/ui';
import { Button } from '../../../components/ui/button';
import { authCopy } from '../../../content/pages';

/** AUTH-15: present, as specified, and it only logs — no call is made. */
export function GoogleButton() {
  return (
    <Button variant="secondary" className="w-full" onClick={() => console.info(authCopy.googleUnavailable)}>
      <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5">
        <path
          fill="#EA4335"
          d="M12 10.2v3.9h5.4c-.2 1.3-1.6 3.8-5.4 3.8-3.3 0-5.9-2.7-5.9-6s2.6-6 5.9-6c1.9 0 3.1.8 3.8 1.5l2.6-2.5C16.8 3.3 14.6 2.4 12 2.4 6.7 2.4 2.4 6.7 2.4 12s4.3 9.6 9.6 9.6c5.5 0 9.2-3.9 9.2-9.4 0-.6-.1-1.1-.2-1.6H12z"
        />
      </svg>
      {ui.buttons.google}
    </Button>
  );
}
