import { useState } from 'react';
import type { PublicTag } from '@toque/contracts/calls';
import { usePassLink } from '../hooks/use-pass-link';
import { useHydrated } from '../../../lib/use-hydrated';
import { ConversationEntry, storedConversationUnits } from './conversation-entry';
import { DeliveryForm } from './delivery-form';
import { DoorKindPicker, type DoorKind } from './door-kind';
import { FinderCallPanel } from './finder-call-panel';
import { PassNotice } from './pass-notice';

/**
 * A condominium plate's door: a visit rings a unit (CALL-02), a delivery notifies it (CONDO-15),
 * and a pass link names the unit and the visitor (CONDO-16). The call panel stays mounted while
 * the delivery form shows, so switching never ends a call.
 *
 * FIND-06: the unit chosen for the visit is also the one the visitor can write to instead of
 * calling (nobody answers, it is night): one picker, in the call panel, this door holds its choice;
 * each unit has its own thread.
 */
export function PlateDoor({ tag, inApp }: { tag: PublicTag; inApp?: boolean | undefined }) {
  const pass = usePassLink(tag.code);
  const [kind, setKind] = useState<DoorKind>('visit');
  const [deliveryUnit, setDeliveryUnit] = useState<number | null>(null);
  const [visitUnit, setVisitUnit] = useState<number | null>(null);
  const expected =
    pass?.status === 'active' && pass.unitId !== null ? { unitId: pass.unitId, token: pass.token } : undefined;
  // A visitor with a pass came to visit (once, when the pass arrives).
  const [seenPass, setSeenPass] = useState<number | undefined>(undefined);
  if (expected?.unitId !== seenPass) {
    setSeenPass(expected?.unitId);
    if (expected) {
      setKind('visit');
      // The pass's unit becomes the choice once (the visitor may still change it).
      setVisitUnit(expected.unitId);
    }
  }
  // FIND-06: a visitor coming back to a conversation with a unit finds that unit chosen (once, after
  // hydration: the server knows nothing of this browser; a pass's unit comes first).
  const hydrated = useHydrated();
  const [restored, setRestored] = useState(false);
  if (hydrated && !restored) {
    setRestored(true);
    const unit = storedConversationUnits(tag.code).find((u) => tag.units.some((x) => x.unit_id === u && x.reachable));
    if (unit !== undefined && visitUnit === null && !expected) setVisitUnit(unit);
  }
  return (
    <>
      {pass ? <PassNotice pass={pass} code={tag.code} /> : null}
      <DoorKindPicker value={kind} onChange={setKind} />
      {kind === 'delivery' ? <DeliveryForm tag={tag} unitId={deliveryUnit} onUnit={setDeliveryUnit} /> : null}
      <div hidden={kind === 'delivery'} className="space-y-6">
        <FinderCallPanel
          tag={tag}
          inApp={inApp}
          pass={expected}
          unitChoice={{ value: visitUnit, onChange: setVisitUnit }}
        />
        <ConversationEntry
          code={tag.code}
          firstName=""
          units={tag.units}
          unitId={visitUnit}
          onThreadUnit={setVisitUnit}
        />
      </div>
    </>
  );
}
