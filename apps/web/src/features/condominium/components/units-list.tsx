import { useEffect, useState } from 'react';
import type { Unit } from '@toque/contracts/condominium';
import { condoMsg, msg } from '@toque/contracts/messages';
import { condoUi } from '@toque/contracts/admin-ui';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog, useConfirmedAction } from '../../../components/ui/confirm-dialog';
import { notify } from '../../../lib/toast';
import { useOwnerUnits } from '../api/list-owner-units';
import { useRegenerateCode } from '../api/regenerate-code';
import { printUnitCodes } from '../print-unit-codes';
import { unitDisplayName, unitOwnerStorage } from '../unit-display';
import { UnitCard } from './unit-card';


function RegenerateDialog({ condoCode, unit, onClose }: { condoCode: string; unit: Unit | null; onClose: () => void }) {
  const regenerate = useRegenerateCode(condoCode);
  const { failure, close, run } = useConfirmedAction(onClose, condoUi.regenerateFailure);
  const confirm = () =>
    unit ? run(async () => (await regenerate.mutateAsync(unit.unit_id)).message || condoMsg.codeRegenerated) : undefined;
  return (
    <ConfirmDialog
      open={unit !== null}
      title={condoUi.regenerateTitle}
      confirmLabel={condoUi.regenerateConfirm}
      cancelLabel={condoUi.cancel}
      busy={regenerate.isPending}
      failure={failure}
      onConfirm={() => void confirm()}
      onClose={close}
    >
      <p>{unit ? condoUi.regenerateText(unitDisplayName(unit.unit_number)) : null}</p>
    </ConfirmDialog>
  );
}

/** CONDO-02/05/08: the plate's units, for its síndico, with a printable sheet of every code. */
export function UnitsList({ condoCode }: { condoCode: string }) {
  const units = useOwnerUnits(condoCode);
  const [regenerating, setRegenerating] = useState<Unit | null>(null);
  const [printing, setPrinting] = useState(false);

  // CONDO-05: every unit's owner information survives a reload of the edit page.
  useEffect(() => {
    for (const unit of units.data ?? []) unitOwnerStorage.save(unit);
  }, [units.data]);

  if (units.isPending) {
    return (
      <p role="status" className="py-6 text-slate-700">
        {msg.tagsLoading}
      </p>
    );
  }
  if (units.isError) {
    // CONDO-02: the failure is said and the list is empty.
    return (
      <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 font-medium text-red-800">
        {msg.unitsLoadError}
      </p>
    );
  }
  const list = units.data;
  const condominium = list[0]?.condominium_name ?? '';

  const print = async () => {
    setPrinting(true);
    try {
      await printUnitCodes(condominium, list);
    } catch (error) {
      console.warn('Toque: printing the unit codes failed', error);
      notify.error(condoUi.printFailure);
    } finally {
      setPrinting(false);
    }
  };

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="max-w-2xl text-slate-700">
          {condominium ? condoUi.unitsIntro(condominium) : condoUi.unitsIntroNoName}
        </p>
        {list.length > 0 ? (
          <Button variant="secondary" busy={printing} onClick={() => void print()}>
            {condoUi.printCodes}
          </Button>
        ) : null}
      </div>
      {list.length === 0 ? (
        <p className="py-6 text-slate-700">{condoUi.unitsEmpty}</p>
      ) : (
        <ul className="grid gap-3 md:grid-cols-2">
          {list.map((unit) => (
            <UnitCard key={unit.unit_id} condoCode={condoCode} unit={unit} onRegenerate={setRegenerating} />
          ))}
        </ul>
      )}
      <RegenerateDialog condoCode={condoCode} unit={regenerating} onClose={() => setRegenerating(null)} />
    </div>
  );
}
