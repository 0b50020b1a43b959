import { useEffect, useId, useMemo, useState } from 'react';
import { UNITS_PAGE_SIZE } from '@toque/contracts/units-bulk';
import { Pagination } from '../../../components/ui/pagination';
import { BulkUnitsPanel } from './bulk-units-panel';
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
    unit
      ? run(async () => (await regenerate.mutateAsync(unit.unit_id)).message || condoMsg.codeRegenerated)
      : undefined;
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

const m = condoUi.manage;
/** The block filter's value for units without a block. */
const NO_BLOCK = '\u0000';

/** CONDO-14: what the search matches — the unit's name, its block, its residents' first names, an invited e-mail. */
function matches(unit: Unit, query: string): boolean {
  if (!query) return true;
  const haystack = [
    unitDisplayName(unit.unit_number),
    unit.block ?? '',
    ...unit.residents.map((r) => r.user.first_name),
    ...unit.invitations.map((i) => i.email),
  ]
    .join(' ')
    .toLocaleLowerCase('pt-BR');
  return query
    .toLocaleLowerCase('pt-BR')
    .split(/\s+/)
    .filter(Boolean)
    .every((word) => haystack.includes(word));
}

/**
 * CONDO-02/05/08/12/14: the plate's units, for its síndico — search, block filter, 50 a page, a
 * printable sheet (of the chosen block), units many at once and residents by e-mail.
 */
export function UnitsList({ condoCode, plateUrl }: { condoCode: string; plateUrl?: string }) {
  const units = useOwnerUnits(condoCode);
  const [regenerating, setRegenerating] = useState<Unit | null>(null);
  const [printing, setPrinting] = useState(false);
  const [query, setQuery] = useState('');
  const [block, setBlock] = useState('');
  const [page, setPage] = useState(1);
  const [adding, setAdding] = useState(false);
  const searchId = useId();
  const blockId = useId();
  const all = units.data;
  const blocks = useMemo(() => {
    const names = new Set((all ?? []).map((u) => u.block ?? NO_BLOCK));
    return [...names].sort((a, b) => a.localeCompare(b, 'pt-BR', { numeric: true }));
  }, [all]);
  const filtered = useMemo(
    () => (all ?? []).filter((u) => (block === '' || (u.block ?? NO_BLOCK) === block) && matches(u, query.trim())),
    [all, block, query],
  );
  const pageCount = Math.max(1, Math.ceil(filtered.length / UNITS_PAGE_SIZE));
  const current = Math.min(page, pageCount);
  const shown = filtered.slice((current - 1) * UNITS_PAGE_SIZE, current * UNITS_PAGE_SIZE);

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
  const blockName = block === '' ? undefined : block === NO_BLOCK ? m.noBlock : block;

  const print = async () => {
    if (!plateUrl) return;
    setPrinting(true);
    try {
      // CONDO-14: the sheet of the chosen block (or of every unit), whatever the search.
      await printUnitCodes(
        condominium,
        list.filter((u) => block === '' || (u.block ?? NO_BLOCK) === block),
        plateUrl,
        blockName,
      );
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
        <div className="flex flex-wrap gap-2">
          {/* CONDO-19: the sheet's QR codes hold the plate's address, which only the owner's product list carries. */}
          {list.length > 0 && plateUrl ? (
            <Button variant="secondary" busy={printing} onClick={() => void print()}>
              {blockName ? m.printBlock(blockName) : condoUi.printCodes}
            </Button>
          ) : null}
          {adding ? null : <Button onClick={() => setAdding(true)}>{m.bulk.open}</Button>}
        </div>
      </div>
      {adding ? <BulkUnitsPanel condoCode={condoCode} onDone={() => setAdding(false)} /> : null}
      {list.length === 0 ? (
        <p className="py-6 text-slate-700">{condoUi.unitsEmpty}</p>
      ) : (
        <>
          <div className="flex flex-wrap items-end gap-3" role="search">
            <div className="min-w-0 flex-1 basis-60">
              <label htmlFor={searchId} className="block font-medium text-slate-900">
                {m.search}
              </label>
              <input
                id={searchId}
                type="search"
                value={query}
                onChange={(event) => {
                  setQuery(event.target.value);
                  setPage(1);
                }}
                className="mt-1 block min-h-11 w-full rounded-lg border border-slate-400 px-3 py-2 text-base"
              />
            </div>
            {blocks.length > 1 ? (
              <div className="basis-48">
                <label htmlFor={blockId} className="block font-medium text-slate-900">
                  {m.blockFilter}
                </label>
                <select
                  id={blockId}
                  value={block}
                  onChange={(event) => {
                    setBlock(event.target.value);
                    setPage(1);
                  }}
                  className="mt-1 block min-h-11 w-full rounded-lg border border-slate-400 bg-white px-3 py-2 text-base"
                >
                  <option value="">{m.allBlocks}</option>
                  {blocks.map((b) => (
                    <option key={b} value={b}>
                      {b === NO_BLOCK ? m.noBlock : b}
                    </option>
                  ))}
                </select>
              </div>
            ) : null}
          </div>
          {filtered.length === 0 ? (
            <p role="status" className="py-6 text-slate-700">
              {m.noMatch}
            </p>
          ) : (
            <>
              <p role="status" className="text-sm text-slate-700">
                {m.showing(
                  (current - 1) * UNITS_PAGE_SIZE + 1,
                  (current - 1) * UNITS_PAGE_SIZE + shown.length,
                  filtered.length,
                )}
              </p>
              <ul className="grid gap-3 md:grid-cols-2">
                {shown.map((unit) => (
                  <UnitCard key={unit.unit_id} condoCode={condoCode} unit={unit} onRegenerate={setRegenerating} />
                ))}
              </ul>
              <Pagination
                label={m.pagination}
                page={current}
                pageCount={pageCount}
                onPage={setPage}
                pageLabel={m.page}
                previousLabel={m.previous}
                nextLabel={m.next}
              />
            </>
          )}
        </>
      )}
      <RegenerateDialog condoCode={condoCode} unit={regenerating} onClose={() => setRegenerating(null)} />
    </div>
  );
}
