import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { msg } from '@toque/contracts/messages';
import { callUi } from '@toque/contracts/call-ui';
import { reaisInput } from '@toque/contracts/money';
import { editTagBody, LOST_CITY_MAX, LOST_MESSAGE_MAX, LOST_REWARD_MAX, type Product } from '@toque/contracts/products';
import { dashboardUi } from '@toque/contracts/dashboard-ui';
import { posterUi } from '@toque/contracts/poster';
import { CONDOMINIUM_PRODUCT_ID } from '@toque/contracts/constants';
import { Button } from '../../../components/ui/button';
import { TextAreaField, TextField } from '../../../components/ui/field';
import { Switch } from '../../../components/ui/switch';
import { notify } from '../../../lib/toast';
import { useUpdateName } from '../api/update-name';
import { tagCopy } from '../copy';

/** The editable part of the update body; the code comes from the tag. */
const editTagForm = editTagBody;
type Values = z.input<typeof editTagForm>;
type Parsed = z.output<typeof editTagForm>;

const labels = dashboardUi.editTag;
// Same limits as the server schema: the field never accepts more than the server would.
const NAME_MAX = 60;
const INFO_MAX = 500;

/**
 * TAG-05 / TAG-07: name, important information and whether the finder sees it; FIND-01 / FIND-02:
 * scan alerts and lost mode (not for a condominium plate, whose finders call a unit).
 */
export function EditTagForm({ tag }: { tag: Product }) {
  const updateName = useUpdateName();
  const [failure, setFailure] = useState<string | null>(null);
  const readOnly = !tag.isOwner;
  const {
    register,
    handleSubmit,
    reset,
    control,
    formState: { errors, isSubmitting },
  } = useForm<Values, unknown, Parsed>({
    resolver: zodResolver(editTagForm),
    defaultValues: {
      name: tag.name,
      importantInfo: tag.important_info,
      // FIND-13: what the owner writes is for the finder, so with nothing written yet the switch starts
      // on (as in setup step 2); information already written keeps the choice saved with it.
      showInfoToFinder: tag.important_info.trim() === '' ? true : tag.show_info_to_finder,
      scanAlerts: tag.scan_alerts,
      lost: tag.lost_message !== null,
      lostMessage: tag.lost_message ?? '',
      lostReward: tag.lost_reward ?? '',
      lostRewardAmount: reaisInput(tag.lost_reward_cents),
      showOwnerName: tag.show_owner_name,
      showPhoto: tag.show_photo,
      showReward: tag.show_reward,
      showCity: tag.show_city,
      lostCity: tag.lost_city ?? '',
    },
  });
  const lost = useWatch({ control, name: 'lost' });
  const alerting = tag.product_id !== CONDOMINIUM_PRODUCT_ID;

  const onSubmit = handleSubmit(async ({ lostRewardAmount, ...values }) => {
    setFailure(null);
    try {
      // TAG-11: the amount typed in reais travels in centavos.
      await updateName.mutateAsync({ code: tag.code, ...values, lostRewardCents: lostRewardAmount ?? null });
      reset({ ...values, lostRewardAmount: reaisInput(lostRewardAmount ?? null) });
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
        {alerting ? (
          <>
            {/* FIND-09: what the finder's page shows, field by field. */}
            <fieldset className="space-y-2 rounded-xl border border-slate-200 p-4">
              <legend className="px-1 text-base font-bold text-slate-900">{labels.finderHeading}</legend>
              <Switch label={labels.showOwnerName} {...register('showOwnerName')} />
              <Switch label={labels.showPhoto} {...register('showPhoto')} />
              <Switch label={labels.showReward} {...register('showReward')} />
              <Switch label={labels.showCity} hint={labels.showCityHint} {...register('showCity')} />
            </fieldset>
            <Switch label={callUi.scans.alertsToggle} hint={callUi.scans.alertsHelp} {...register('scanAlerts')} />
            <Switch label={callUi.scans.lostToggle} hint={callUi.scans.lostHelp} {...register('lost')} />
            {lost ? (
              <div className="space-y-4 rounded-xl border-2 border-red-600 bg-red-50 p-4">
                <TextAreaField
                  label={callUi.scans.lostMessage}
                  maxLength={LOST_MESSAGE_MAX}
                  rows={3}
                  error={errors.lostMessage?.message}
                  {...register('lostMessage')}
                />
                <TextField
                  label={callUi.scans.lostRewardAmount}
                  hint={callUi.scans.lostRewardAmountHint}
                  inputMode="decimal"
                  autoComplete="off"
                  maxLength={20}
                  error={errors.lostRewardAmount?.message}
                  {...register('lostRewardAmount')}
                />
                <TextField
                  label={callUi.scans.lostReward}
                  hint={callUi.scans.lostRewardTextHint}
                  maxLength={LOST_REWARD_MAX}
                  error={errors.lostReward?.message}
                  {...register('lostReward')}
                />
                <TextField
                  label={labels.lostCity}
                  maxLength={LOST_CITY_MAX}
                  autoComplete="address-level2"
                  error={errors.lostCity?.message}
                  {...register('lostCity')}
                />
                {/* FIND-10: the poster and the link come once lost mode is saved. */}
                {tag.lost_message === null ? <p className="text-sm text-red-900">{posterUi.saveFirst}</p> : null}
              </div>
            ) : null}
          </>
        ) : null}
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
