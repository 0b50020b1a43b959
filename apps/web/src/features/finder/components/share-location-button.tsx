import { useState } from 'react';
import { finderMessage } from '@toque/contracts/finder-text';
import { Button } from '../../../components/ui/button';
import { useHydrated } from '../../../lib/use-hydrated';
import { shareLocation } from '../api/share-location';
import { isApiError } from '../../../lib/api-client';
import { useFinderText } from '../i18n';
import { AWAITS_SCRIPT } from '../island';

/** What happened, not its words: the text is chosen at render, in the language of the moment (FIND-03). */
type Phase =
  | { kind: 'idle' }
  | { kind: 'sending' }
  | { kind: 'sent' }
  | { kind: 'refused' }
  | { kind: 'failed'; error: { message: string; status: number; retryAfterS?: number | undefined } | null };

function currentPosition(): Promise<GeolocationPosition> {
  return new Promise((resolve, reject) =>
    navigator.geolocation.getCurrentPosition(resolve, reject, {
      enableHighAccuracy: true,
      timeout: 15_000,
      maximumAge: 60_000,
    }),
  );
}

/** FIND-01: 'Compartilhar minha localização' — the owner learns where the tag is, without a call. */
export function ShareLocationButton({ code }: { code: string }) {
  const hydrated = useHydrated();
  const { t } = useFinderText();
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });

  async function share() {
    setPhase({ kind: 'sending' });
    let position: GeolocationPosition;
    try {
      position = await currentPosition();
    } catch {
      setPhase({ kind: 'refused' });
      return;
    }
    try {
      await shareLocation(code, { latitude: position.coords.latitude, longitude: position.coords.longitude });
      setPhase({ kind: 'sent' });
    } catch (error) {
      setPhase({
        kind: 'failed',
        error:
          isApiError(error) && error.status !== 0
            ? { message: error.message, status: error.status, retryAfterS: error.retryAfterS }
            : null,
      });
    }
  }

  const failure =
    phase.kind === 'refused'
      ? t.locationRefused
      : phase.kind === 'failed'
        ? phase.error
          ? finderMessage(t, phase.error.message, phase.error)
          : t.callFailed
        : null;

  return (
    <div className="space-y-2 border-t border-slate-200 pt-4">
      <Button
        type="button"
        variant="secondary"
        className="w-full"
        disabled={!hydrated || phase.kind === 'sending' || phase.kind === 'sent'}
        {...{ [AWAITS_SCRIPT]: hydrated ? undefined : '' }}
        onClick={() => void share()}
      >
        {phase.kind === 'sending' ? t.sharingLocation : t.shareLocation}
      </Button>
      {phase.kind === 'sent' ? (
        <p role="status" className="text-green-800">
          {t.locationShared}
        </p>
      ) : null}
      {failure ? (
        <p role="alert" className="text-red-700">
          {failure}
        </p>
      ) : null}
    </div>
  );
}
