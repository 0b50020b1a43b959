import { useParams } from 'react-router';
import { ui } from '@toque/contracts/ui';
import { authCopy } from '../../../content/pages';
import { OnboardingForm } from '../../../features/auth/components/onboarding-form';

/** AUTH-09: welcome copy, then the form anchored at #register. */
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
      <section
        id="register"
        aria-labelledby="register-title"
        className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm md:p-8"
      >
        <h2 id="register-title" className="mb-6 text-xl font-bold text-slate-900">
          {authCopy.onboardingFormTitle}
        </h2>
        <OnboardingForm code={code} />
      </section>
    </div>
  );
}
