import { useRef, useState, type ChangeEvent, type ClipboardEvent } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { paths } from '@toque/contracts/routes';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { UNITS_PER_CONDO_MAX } from '@toque/contracts/constants';
import { activationForm } from '@toque/contracts/condominium';
import { msg } from '@toque/contracts/messages';
import { sanitizeTagCode } from '@toque/contracts/products';
import { adminUi } from '@toque/contracts/admin-ui';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { statusOf } from '../../../lib/api-client';
import { notify } from '../../../lib/toast';
import { createCondominium } from '../api/create-condominium';
import { createUnit } from '../api/create-unit';

type Values = z.input<typeof activationForm>;
type Parsed = z.output<typeof activationForm>;

const labels = adminUi.activation;
const empty: Values = { nameCondominium: '', unitQuantity: '', qrCode: '', emailAdminCond: '' };

/**
 * What this page already created: after a failure (an unknown síndico e-mail) the admin fixes
 * the form and sends it again, and the same condominium gets only the units still missing.
 */
interface Started {
  name: string;
  id: number;
  unitsCreated: number;
}

/**
 * ADM-02: create the condominium, then its units one call each (all with temporary names; the
 * síndico names them later, CONDO-03/04). A 404 means the síndico's e-mail has no account.
 */
export function ActivationForm() {
  const [progress, setProgress] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  /** The plate just activated: the bulk step is offered for it. */
  const [activated, setActivated] = useState<string | null>(null);
  const started = useRef<Started | null>(null);
  const {
    register,
    handleSubmit,
    setValue,
    reset,
    formState: { errors, isSubmitting, isSubmitted },
  } = useForm<Values, unknown, Parsed>({ resolver: zodResolver(activationForm), defaultValues: empty });
  const { onChange: onCodeChange, ...codeField } = register('qrCode');

  // The plate's code keeps letters and digits only, typed or pasted (as in the add-tag modal).
  const onCodeType = (event: ChangeEvent<HTMLInputElement>) => {
    event.target.value = sanitizeTagCode(event.target.value);
    void onCodeChange(event);
  };
  const onCodePaste = (event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault();
    const input = event.currentTarget;
    const from = input.selectionStart ?? input.value.length;
    const to = input.selectionEnd ?? from;
    const next = input.value.slice(0, from) + event.clipboardData.getData('text') + input.value.slice(to);
    setValue('qrCode', sanitizeTagCode(next), { shouldValidate: isSubmitted, shouldDirty: true });
  };

  const submit = async ({ nameCondominium, unitQuantity, qrCode, emailAdminCond }: Parsed) => {
    setFailure(null);
    let condominium = started.current?.name === nameCondominium ? started.current : null;
    try {
      if (!condominium) {
        setProgress(labels.creatingCondominium);
        const { id } = await createCondominium({ nameCondominium });
        condominium = { name: nameCondominium, id, unitsCreated: 0 };
        started.current = condominium;
      }
    } catch (error) {
      setProgress(null);
      setFailure(error instanceof Error ? error.message : String(error));
      return;
    }
    for (let n = condominium.unitsCreated + 1; n <= unitQuantity; n += 1) {
      setProgress(labels.creatingUnit(n, unitQuantity));
      try {
        await createUnit({ condominiumId: condominium.id, qrCode, nameOfUnit: '', emailAdminCond });
        condominium.unitsCreated = n;
      } catch (error) {
        setProgress(null);
        setFailure(statusOf(error) === 404 ? msg.condoEmailNotFound : msg.unitCreateError);
        return;
      }
    }
    setProgress(null);
    started.current = null;
    reset(empty);
    notify.success(msg.condoCreateSuccess);
    setActivated(qrCode);
  };

  return (
    <form noValidate onSubmit={(event) => void handleSubmit(submit)(event)} className="space-y-4">
      <TextField
        label={labels.name}
        autoComplete="off"
        error={errors.nameCondominium?.message}
        {...register('nameCondominium')}
      />
      <TextField
        label={labels.quantity}
        type="number"
        inputMode="numeric"
        min={1}
        max={UNITS_PER_CONDO_MAX}
        hint={labels.quantityHint}
        error={errors.unitQuantity?.message}
        {...register('unitQuantity')}
      />
      <TextField
        label={labels.code}
        hint={labels.codeHint}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        className="font-mono tracking-widest uppercase"
        error={errors.qrCode?.message}
        onChange={onCodeType}
        onPaste={onCodePaste}
        {...codeField}
      />
      <TextField
        label={labels.email}
        type="email"
        autoComplete="off"
        error={errors.emailAdminCond?.message}
        {...register('emailAdminCond')}
      />
      <p aria-live="polite" aria-atomic="true" className="min-h-6 text-sm font-medium text-brand-800">
        {progress}
      </p>
      {failure ? (
        <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm font-medium text-red-800">
          {failure}
        </p>
      ) : null}
      <Button type="submit" size="lg" busy={isSubmitting}>
        {labels.submit}
      </Button>
      {/* CONDO-12: a building of more than 10 units goes on in the bulk step, offered right away. */}
      {activated ? (
        <p role="status" className="rounded-lg bg-brand-50 px-3 py-2 text-sm text-slate-900">
          {labels.moreUnits}{' '}
          <Link to={paths.units(activated)} className="tap-target font-semibold text-brand-700 underline">
            {labels.moreUnitsLink}
          </Link>
        </p>
      ) : null}
    </form>
  );
}
