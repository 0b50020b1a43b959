import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { onboardingForm } from '@toque/contracts/auth';
import { PRODUCT_IDS, productLabel } from '@toque/contracts/constants';
import { msg } from '@toque/contracts/messages';
import { ui } from '@toque/contracts/ui';
import { Button } from '../../../components/ui/button';
import { SelectField } from '../../../components/ui/field';
import { authCopy } from '../../../content/pages';
import { messageForStatus } from '../../../lib/error-message';
import { notify } from '../../../lib/toast';
import { useWebOnboarding } from '../api/web-onboarding';
import { useStartSession } from '../hooks/use-start-session';
import { AccountFields } from './account-fields';

type Values = z.input<typeof onboardingForm>;
type Parsed = z.output<typeof onboardingForm>;

const empty: Values = {
  name: '',
  email: '',
  phone: '',
  cpfOrCnpj: '',
  password: '',
  confirmPassword: '',
  productId: '',
};
const productOptions = PRODUCT_IDS.map((id) => ({ value: String(id), label: productLabel(id) }));

/** AUTH-10: what each answer of POST /auth/web-onboarding means to the user. */
const failures = {
  409: msg.onboardingConflict,
  401: msg.onboardingBadCredentials,
  404: msg.onboardingQrNotFound,
};

/** AUTH-09: creates the account and links the tag whose code is in the URL. */
export function OnboardingForm({ code }: { code: string }) {
  const onboard = useWebOnboarding();
  const startSession = useStartSession();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<Values, unknown, Parsed>({ resolver: zodResolver(onboardingForm), defaultValues: empty });

  const onSubmit = handleSubmit(async ({ confirmPassword: _confirmation, productId, ...account }) => {
    let token: string | null;
    try {
      token = await onboard.mutateAsync({ ...account, code, productId: Number(productId) });
    } catch (error) {
      notify.error(messageForStatus(error, failures, msg.onboardingError));
      return;
    }
    if (!token) {
      notify.error(msg.onboardingNoToken);
      return;
    }
    notify.success(msg.onboardingSuccess);
    startSession(token);
  });

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-4">
      <AccountFields field={(name) => register(name)} errors={errors} />
      <SelectField
        label={ui.fields.productType}
        placeholder={authCopy.productPlaceholder}
        options={productOptions}
        error={errors.productId?.message}
        {...register('productId')}
      />
      <Button type="submit" size="lg" className="w-full" busy={isSubmitting}>
        {ui.buttons.onboarding}
      </Button>
    </form>
  );
}
