import type { UseFormRegisterReturn } from 'react-hook-form';
import { accountUi } from '@toque/contracts/account';
import { paths } from '@toque/contracts/routes';
import { CheckboxField } from '../../../components/ui/field';

const link = 'font-semibold text-brand-700 underline underline-offset-4';
const copy = accountUi.consent;

/**
 * ACC-03: the consent to the Terms of use and the Privacy policy, required at sign-up and at
 * onboarding. The documents open in a new tab, so a half-filled form is not lost.
 */
export function TermsConsent({
  field,
  error,
}: {
  field: UseFormRegisterReturn<'acceptTerms'>;
  error?: string | undefined;
}) {
  return (
    <CheckboxField
      label={
        <>
          {copy.before}
          <a href={paths.terms} target="_blank" rel="noopener" className={link}>
            {copy.terms}
          </a>
          {copy.and}
          <a href={paths.privacy} target="_blank" rel="noopener" className={link}>
            {copy.privacy}
          </a>
        </>
      }
      error={error}
      {...field}
    />
  );
}
