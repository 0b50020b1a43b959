import type { UseFormRegisterReturn } from 'react-hook-form';
import { ui } from '@toque/contracts/ui';
import { TextField } from '../../../components/ui/field';

type AccountFieldName = 'name' | 'email' | 'phone' | 'cpfOrCnpj' | 'password' | 'confirmPassword';

interface AccountFieldsProps {
  field: (name: AccountFieldName) => UseFormRegisterReturn<AccountFieldName>;
  errors: Partial<Record<AccountFieldName, { message?: string | undefined } | undefined>>;
}

/** The fields of a new account, shared by sign-up (AUTH-07) and onboarding (AUTH-09). */
export function AccountFields({ field, errors }: AccountFieldsProps) {
  return (
    <>
      <TextField label={ui.fields.name} autoComplete="name" error={errors.name?.message} {...field('name')} />
      <TextField
        label={ui.fields.email}
        type="email"
        inputMode="email"
        autoComplete="email"
        error={errors.email?.message}
        {...field('email')}
      />
      <TextField
        label={ui.fields.phone}
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        error={errors.phone?.message}
        {...field('phone')}
      />
      <TextField
        label={ui.fields.cpfOrCnpj}
        inputMode="numeric"
        error={errors.cpfOrCnpj?.message}
        {...field('cpfOrCnpj')}
      />
      <TextField
        label={ui.fields.password}
        type="password"
        autoComplete="new-password"
        error={errors.password?.message}
        {...field('password')}
      />
      <TextField
        label={ui.fields.confirmPassword}
        type="password"
        autoComplete="new-password"
        error={errors.confirmPassword?.message}
        {...field('confirmPassword')}
      />
    </>
  );
}
