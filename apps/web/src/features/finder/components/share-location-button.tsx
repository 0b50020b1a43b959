import { useState } from 'react';
import { finderMessage } from '@toque/contracts/finder-text';
import { Button } from '../../../components/ui/button';
import { useHydrated } from '../../../lib/use-hydrated';
import { shareLocation } from '../api/share-location';
import { isApiError } from '../../../lib/api-client';
import { useFinderText } from '../i18n';

type Phase = { kind: 'idle' } | { kind: 'sending' } | { kind: 'sent'; message: string } | { kind: 'failed'; message: string };

function currentPosition(): Promise<GeolocationPosition> {
  return new Promise((resolve, reject) =>
    navigator.geolocation.getCurrentPosition(resolve, reject, { enableHighAccuracy: true, timeout: 15_000, maximumAge: 60_000 }),
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
      setPhase({ kind: 'failed', message: t.locationRefused });
      return;
    }
    try {
      await shareLocation(code, { latitude: position.coords.latitude, longitude: position.coords.longitude });
      setPhase({ kind: 'sent', message: t.locationShared });
    } catch (error) {
      setPhase({
        kind: 'failed',
        message:
          isApiError(error) && error.status !== 0
            ? finderMessage(t, error.message, { status: error.status, retryAfterS: error.retryAfterS })
            : t.callFailed,
      });
    }
  }

  return (
    <div className="space-y-2 border-t border-slate-200 pt-4">
      <Button
        type="button"
        variant="secondary"
        className="w-full"
        disabled={!hydrated || phase.kind === 'sending' || phase.kind === 'sent'}
        onClick={() => void share()}
      >
        {phase.kind === 'sending' ? t.sharingLocation : t.shareLocation}
      </Button>
      {phase.kind === 'sent' ? <p role="status" className="text-green-800">{phase.message}</p> : null}
      {phase.kind === 'failed' ? <p role="alert" className="text-red-700">{phase.message}</p> : null}
    </div>
  );
}
