import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { msg } from '@toque/contracts/messages';
import { updateNameBody, type Product } from '@toque/contracts/products';
import { dashboardUi } from '@toque/contracts/dashboard-ui';
import { Button } from '../../../components/ui/button';
import { TextAreaField, TextField } from '../../../components/ui/field';
import { Switch } from '../../../components/ui/switch';
import { notify } from '../../../lib/toast';
import { useUpdateName } from '../api/update-name';
import { tagCopy } from '../copy';

/** The editable part of the update body; the code comes from the tag. */
const editTagForm = updateNameBody.pick({ name: true, importantInfo: true, showInfoToFinder: true });
type Values = z.input<typeof editTagForm>;
type Parsed = z.output<typeof editTagForm>;

const labels = dashboardUi.editTag;
// Same limits as the server schema: the field never accepts more than the server would.
const NAME_MAX = 60;
const INFO_MAX = 500;

/** TAG-05 / TAG-07: name, important information and whether the finder sees it. */
export function EditTagForm({ tag }: { tag: Product }) {
  const updateName = useUpdateName();
  const [failure, setFailure] = useState<string | null>(null);
  const readOnly = !tag.isOwner;
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<Values, unknown, Parsed>({
    resolver: zodResolver(editTagForm),
    defaultValues: { name: tag.name, importantInfo: tag.important_info, showInfoToFinder: tag.show_info_to_finder },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      await updateName.mutateAsync({ code: tag.code, ...values });
      reset(values);
      notify.success(dashboardUi.toasts.updated);
    } catch (error) {
      setFailure(msg.updateNameFailurePrefix + (error instanceof Error ? error.message : String(error)));
    }
  });

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-4">
      {readOnly ? <p className="rounded-lg bg-slate-100 px-3 py-2 text-slate-800">{tagCopy.memberNote}</p> : null}
      <fieldset disabled={readOnly} className="space-y-4">
        <TextField label={labels.name} maxLength={NAME_MAX} error={errors.name?.message} {...register('name')} />
        <TextAreaField
          label={labels.importantInfo}
          hint={tagCopy.importantInfoHint}
          maxLength={INFO_MAX}
          rows={4}
          error={errors.importantInfo?.message}
          {...register('importantInfo')}
        />
        <Switch label={labels.showToFinder} hint={tagCopy.showToFinderHint} {...register('showInfoToFinder')} />
      </fieldset>
      {failure ? (
        <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm font-medium text-red-800">
          {failure}
        </p>
      ) : null}
      {readOnly ? null : (
        <Button type="submit" size="lg" busy={isSubmitting}>
          {labels.save}
        </Button>
      )}
    </form>
  );
}
