import { useMemo, useState } from 'react';
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
import { PasswordPrompt } from './password-prompt';

/** The form's part of the body; the current password is asked by the prompt (ACC-07: once per change). */
const contactForm = updateContactBody.omit({ password: true });
type Values = z.input<typeof contactForm>;
type Parsed = z.output<typeof contactForm>;

const labels = accountUi.contact;
const prompt = accountUi.passwordPrompt;

/** ACC-03: the e-mail (the login) and the phone, shown and changed; the current password confirms. */
export function ContactForm() {
  const account = useAccount();
  const update = useUpdateContact();
  const [pending, setPending] = useState<Parsed | null>(null);
  const values = useMemo<Values>(() => ({ email: account.data?.email ?? '', phone: account.data?.phone ?? '' }), [account.data]);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<Values, unknown, Parsed>({
    resolver: zodResolver(contactForm),
    values,
    resetOptions: { keepDirtyValues: true },
  });

  const onSubmit = handleSubmit((parsed) => setPending(parsed));

  const save = async (password: string): Promise<string | null> => {
    if (!pending) return null;
    try {
      await update.mutateAsync({ ...pending, password });
    } catch (error) {
      return messageForStatus(error, { 401: msg.profileWrongPassword, 409: accountMsg.emailTaken }, accountMsg.contactError);
    }
    reset(pending);
    notify.success(accountMsg.contactSaved);
    return null;
  };

  return (
    <>
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-4" aria-labelledby="contact-title">
        <h2 id="contact-title" className="text-xl font-bold text-slate-900">
          {labels.heading}
        </h2>
        <p className="text-slate-700">{labels.intro}</p>
        <TextField label={labels.email} type="email" inputMode="email" autoComplete="email" error={errors.email?.message} {...register('email')} />
        <TextField label={labels.phone} type="tel" inputMode="tel" autoComplete="tel" error={errors.phone?.message} {...register('phone')} />
        <Button type="submit" size="lg" aria-haspopup="dialog">
          {labels.save}
        </Button>
      </form>
      <PasswordPrompt
        open={pending !== null}
        title={prompt.contactTitle}
        intro={prompt.contactIntro}
        confirmLabel={prompt.contactConfirm}
        onConfirm={save}
        onClose={() => setPending(null)}
      />
    </>
  );
}
