import { useParams } from 'react-router';
import { ui } from '@toque/contracts/ui';
import { authCopy } from '../../../content/pages';
import { OnboardingPanel } from '../../../features/auth/components/onboarding-panel';

/** AUTH-09: welcome copy, then the form anchored at #register (ACC-04: once the code is known). */
export function OnboardingPage() {
  const { qrCode = '' } = useParams();
  const code = qrCode.trim().toUpperCase();
  return (
    <div className="mx-auto grid max-w-5xl gap-8 px-4 py-10 md:grid-cols-2 md:py-16">
      <title>{`${ui.headings.onboarding} | Toque`}</title>
      <div>
        <h1 className="text-3xl font-extrabold text-slate-900 md:text-4xl">{ui.headings.onboarding}</h1>
        <p className="mt-4 text-lg text-slate-700">{authCopy.onboardingIntro(code)}</p>
        <p className="mt-6 inline-block rounded-lg bg-brand-50 px-4 py-2 font-mono text-xl font-bold tracking-widest text-brand-800">
          {code}
        </p>
      </div>
      {/* ACC-04: the code is read first; #register (the form) appears only for a code that can be activated. */}
      <OnboardingPanel code={code} />
    </div>
  );
}
