import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { accountUi } from '@toque/contracts/account';
import { msg } from '@toque/contracts/messages';
import { paths } from '@toque/contracts/routes';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { authCopy } from '../../../content/pages';
import { statusOf } from '../../../lib/api-client';
import { messageForStatus } from '../../../lib/error-message';
import { setupGuide } from '../../../lib/setup-guide';
import { notify } from '../../../lib/toast';
import { useSession } from '../../../lib/use-session';
import type { RedirectState } from '../../../lib/redirect';
import { useClaimTag } from '../api/claim-tag';
import { useOnboardingTag } from '../api/get-onboarding-tag';
import { OnboardingForm } from './onboarding-form';

const copy = accountUi.onboarding;
const panel = 'rounded-2xl border border-slate-200 bg-white p-6 shadow-sm md:p-8';

function Notice({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-labelledby="onboarding-notice" className={panel}>
      <h2 id="onboarding-notice" className="mb-3 text-xl font-bold text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** A logged-in user adds the scanned tag to their account in one click (ACC-04). */
function AddToAccount({ code }: { code: string }) {
  const claim = useClaimTag();
  const navigate = useNavigate();
  const add = async () => {
    try {
      await claim.mutateAsync(code);
    } catch (error) {
      notify.error(copy.addFailurePrefix + (error instanceof Error ? error.message : String(error)));
      return;
    }
    notify.success(copy.added);
    // ACC-05: the same steps as after a new account's onboarding.
    setupGuide.start(code);
    void navigate(paths.products);
  };
  return (
    <Notice title={copy.loggedInTitle}>
      <p className="text-slate-700">{copy.loggedInText}</p>
      <Button size="lg" className="mt-5 w-full" busy={claim.isPending} onClick={() => void add()}>
        {copy.addToAccount}
      </Button>
    </Notice>
  );
}

/**
 * ACC-04: the onboarding reads the code before anything is typed. An unclaimed code shows the form
 * (the type fixed to the code's) or, to a logged-in user, a button to add it; an activated code
 * explains itself and leads to the login and the dashboard; an unknown or unusable one says so.
 */
export function OnboardingPanel({ code }: { code: string }) {
  const { token } = useSession();
  const tag = useOnboardingTag(code);
  const toProducts: RedirectState = { from: { pathname: paths.products } };

  if (tag.isPending) return <Spinner label={copy.checking} />;
  if (tag.isError) {
    const unknown = statusOf(tag.error) === 404;
    return (
      <Notice title={unknown ? copy.notFoundTitle : msg.onboardingError}>
        <p className="text-slate-700">
          {unknown ? copy.notFoundText : messageForStatus(tag.error, {}, msg.onboardingError)}
        </p>
      </Notice>
    );
  }
  const { state, type, product_id: productId } = tag.data;
  if (state === 'active') {
    return (
      <Notice title={copy.activatedTitle}>
        <p className="text-slate-700">{copy.activatedText}</p>
        <Link
          to={token ? paths.products : paths.login}
          state={token ? undefined : toProducts}
          className={buttonClasses('primary', 'lg', 'mt-5 w-full')}
        >
          {token ? copy.goToProducts : copy.login}
        </Link>
      </Notice>
    );
  }
  if (state !== 'unclaimed') {
    return (
      <Notice title={copy.unavailableTitle}>
        <p className="text-slate-700">{copy.unavailableText}</p>
      </Notice>
    );
  }
  if (token) return <AddToAccount code={code} />;
  return (
    <section id="register" aria-labelledby="register-title" className={`scroll-mt-24 ${panel}`}>
      <h2 id="register-title" className="mb-2 text-xl font-bold text-slate-900">
        {authCopy.onboardingFormTitle}
      </h2>
      <p className="mb-6 text-slate-700">{copy.productIs(type)}</p>
      <OnboardingForm code={code} productId={productId} />
      <p className="mt-6 text-center text-sm text-slate-700">
        {copy.alreadyCustomer}{' '}
        <Link
          to={paths.login}
          state={{ from: { pathname: paths.onboarding(code) } } satisfies RedirectState}
          className="font-semibold text-brand-700 underline underline-offset-4"
        >
          {copy.loginAndAdd}
        </Link>
      </p>
    </section>
  );
}
