import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { UNIT_NAME_MAX } from '@toque/contracts/constants';
import { updateUnitNameBody, type Unit } from '@toque/contracts/condominium';
import { msg } from '@toque/contracts/messages';
import { condoUi } from '@toque/contracts/admin-ui';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { notify } from '../../../lib/toast';
import { useUpdateUnitName } from '../api/update-unit-name';
import { unitEditableName } from '../unit-display';

const nameForm = updateUnitNameBody.pick({ nameOfUnit: true });
type Values = z.input<typeof nameForm>;
type Parsed = z.output<typeof nameForm>;

/** CONDO-04: the unit's name, not empty and at most 15 characters. */
export function UnitNameForm({ condoCode, unit }: { condoCode: string; unit: Unit }) {
  const update = useUpdateUnitName(condoCode);
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<Values, unknown, Parsed>({
    resolver: zodResolver(nameForm),
    defaultValues: { nameOfUnit: unitEditableName(unit.unit_number) },
  });

  const onSubmit = handleSubmit(async ({ nameOfUnit }) => {
    setFailure(null);
    try {
      await update.mutateAsync({ unitId: unit.unit_id, nameOfUnit });
      notify.success(condoUi.saved);
    } catch (error) {
      setFailure(msg.updateNameFailurePrefix + (error instanceof Error ? error.message : String(error)));
    }
  });

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-4">
      {/* One character past the limit is let in, so the catalogue message can say why it is too long. */}
      <TextField
        label={condoUi.unitName}
        maxLength={UNIT_NAME_MAX + 1}
        autoComplete="off"
        error={errors.nameOfUnit?.message}
        {...register('nameOfUnit')}
      />
      {failure ? (
        <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm font-medium text-red-800">
          {failure}
        </p>
      ) : null}
      <Button type="submit" busy={isSubmitting}>
        {condoUi.save}
      </Button>
    </form>
  );
}
