import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { accountUi, TERMS_VERSION } from '@toque/contracts/account';
import { onboardingForm } from '@toque/contracts/auth';
import { productLabel } from '@toque/contracts/constants';
import { msg } from '@toque/contracts/messages';
import { ui } from '@toque/contracts/ui';
import { Button } from '../../../components/ui/button';
import { SelectField } from '../../../components/ui/field';
import { statusOf } from '../../../lib/api-client';
import { messageForStatus } from '../../../lib/error-message';
import { setupGuide } from '../../../lib/setup-guide';
import { notify } from '../../../lib/toast';
import { useWebOnboarding } from '../api/web-onboarding';
import { useStartSession } from '../hooks/use-start-session';
import { AccountFields } from './account-fields';
import { LoginToAdd } from './login-to-add';
import { TermsConsent } from './terms-consent';

type Values = z.input<typeof onboardingForm>;
type Parsed = z.output<typeof onboardingForm>;

const empty = (productId: number): Values => ({
  name: '',
  email: '',
  phone: '',
  cpfOrCnpj: '',
  password: '',
  confirmPassword: '',
  productId: String(productId),
  acceptTerms: false,
});

/** AUTH-10: what each answer of POST /auth/web-onboarding means to the user. */
const failures = {
  409: msg.onboardingConflict,
  401: msg.onboardingBadCredentials,
  404: msg.onboardingQrNotFound,
};

/**
 * AUTH-09: creates the account and links the tag whose code is in the URL. ACC-04: the product
 * type is the code's own, read before the form is shown — the only choice the dropdown offers; an
 * e-mail that already has an account is offered to log in and add the tag instead.
 */
export function OnboardingForm({ code, productId }: { code: string; productId: number }) {
  const onboard = useWebOnboarding();
  const startSession = useStartSession();
  const [existingCustomer, setExistingCustomer] = useState(false);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<Values, unknown, Parsed>({ resolver: zodResolver(onboardingForm), defaultValues: empty(productId) });
  const productOptions = [{ value: String(productId), label: productLabel(productId) }];

  const onSubmit = handleSubmit(
    async ({ confirmPassword: _confirmation, acceptTerms: _accepted, productId, ...account }) => {
      let token: string | null;
      setExistingCustomer(false);
      try {
        token = await onboard.mutateAsync({
          ...account,
          code,
          productId: Number(productId),
          termsVersion: TERMS_VERSION,
        });
      } catch (error) {
        notify.error(messageForStatus(error, failures, msg.onboardingError));
        if (statusOf(error) === 409) setExistingCustomer(true);
        return;
      }
      if (!token) {
        notify.error(msg.onboardingNoToken);
        return;
      }
      notify.success(msg.onboardingSuccess);
      // ACC-05: on `/`, the steps that end in a working tag.
      setupGuide.start(code);
      startSession(token);
    },
  );

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-4">
      <AccountFields field={(name) => register(name)} errors={errors} />
      <SelectField
        label={ui.fields.productType}
        options={productOptions}
        hint={accountUi.onboarding.typeLocked}
        error={errors.productId?.message}
        {...register('productId')}
      />
      <TermsConsent field={register('acceptTerms')} error={errors.acceptTerms?.message} />
      {existingCustomer ? (
        <div role="status" className="rounded-xl border border-brand-200 bg-brand-50 p-4 text-slate-800">
          <p>{accountUi.onboarding.existingCustomer}</p>
          <LoginToAdd code={code} className="mt-3" />
        </div>
      ) : null}
      <Button type="submit" size="lg" className="w-full" busy={isSubmitting}>
        {ui.buttons.onboarding}
      </Button>
    </form>
  );
}
