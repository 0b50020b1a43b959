import { useParams } from 'react-router';
import { ui } from '@toque/contracts/ui';
import { authCopy } from '../../../content/pages';
import { useOnboardingTag } from '../../../features/auth/api/get-onboarding-tag';
import { OnboardingPanel } from '../../../features/auth/components/onboarding-panel';
import { useSession } from '../../../lib/use-session';

/** AUTH-09: welcome copy, then the form anchored at #register (ACC-04: once the code is known). */
export function OnboardingPage() {
  const { qrCode = '' } = useParams();
  const code = qrCode.trim().toUpperCase();
  const { token } = useSession();
  const tag = useOnboardingTag(code);
  // ACC-04: 'create your account below' only where there is a form below.
  const signUpIntro = !token && tag.data?.state === 'unclaimed';
  return (
    <div className="mx-auto grid max-w-5xl gap-8 px-4 py-10 md:grid-cols-2 md:py-16">
      <title>{`${ui.headings.onboarding} | Toque`}</title>
      <div>
        <h1 className="text-3xl font-extrabold text-slate-900 md:text-4xl">{ui.headings.onboarding}</h1>
        {signUpIntro ? <p className="mt-4 text-lg text-slate-700">{authCopy.onboardingIntro(code)}</p> : null}
        <p className="mt-6 inline-block rounded-lg bg-brand-50 px-4 py-2 font-mono text-xl font-bold tracking-widest text-brand-800">
          {code}
        </p>
      </div>
      {/* ACC-04: the code is read first; #register (the form) appears only for a code that can be activated. */}
      <OnboardingPanel code={code} />
    </div>
  );
}
