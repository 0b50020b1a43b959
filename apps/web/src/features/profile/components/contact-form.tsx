import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { accountMsg, accountUi, updateContactBody } from '@toque/contracts/account';
import { msg } from '@toque/contracts/messages';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { messageForStatus } from '../../../lib/error-message';
import { notify } from '../../../lib/toast';
import { useAccount } from '../api/get-account';
import { useUpdateContact } from '../api/update-contact';

type Values = z.input<typeof updateContactBody>;
type Parsed = z.output<typeof updateContactBody>;

const labels = accountUi.contact;

/** ACC-03: the e-mail (the login) and the phone, shown and changed; the current password confirms. */
export function ContactForm() {
  const account = useAccount();
  const update = useUpdateContact();
  const values = useMemo<Values>(
    () => ({ email: account.data?.email ?? '', phone: account.data?.phone ?? '', password: '' }),
    [account.data],
  );
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<Values, unknown, Parsed>({
    resolver: zodResolver(updateContactBody),
    values,
    resetOptions: { keepDirtyValues: true },
  });

  const onSubmit = handleSubmit(async (body) => {
    try {
      await update.mutateAsync(body);
    } catch (error) {
      notify.error(
        messageForStatus(error, { 401: msg.profileWrongPassword, 409: accountMsg.emailTaken }, accountMsg.contactError),
      );
      return;
    }
    reset({ email: body.email, phone: body.phone, password: '' });
    notify.success(accountMsg.contactSaved);
  });

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-4" aria-labelledby="contact-title">
      <h2 id="contact-title" className="text-xl font-bold text-slate-900">
        {labels.heading}
      </h2>
      <p className="text-slate-700">{labels.intro}</p>
      <TextField
        label={labels.email}
        type="email"
        inputMode="email"
        autoComplete="email"
        error={errors.email?.message}
        {...register('email')}
      />
      <TextField
        label={labels.phone}
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        error={errors.phone?.message}
        {...register('phone')}
      />
      <TextField
        label={labels.password}
        type="password"
        autoComplete="current-password"
        error={errors.password?.message}
        {...register('password')}
      />
      <Button type="submit" size="lg" busy={isSubmitting}>
        {labels.save}
      </Button>
    </form>
  );
}
