import { callUi } from '@toque/contracts/call-ui';
import { msg } from '@toque/contracts/messages';
import { useReverseGeocode } from '../api/reverse-geocode';

/**
 * CALL-09: the caller's place by name, from the server's geocoder: the locality (else the full
 * address); 'Localização não encontrada' when there is no place (or no position at all);
 * 'Erro ao carregar endereço' when the lookup failed. The full address follows when it says more.
 */
export function AddressLabel({ latitude, longitude }: { latitude: number | null; longitude: number | null }) {
  const place = useReverseGeocode(latitude, longitude);
  let text: string;
  if (latitude === null || longitude === null) text = msg.geoNotFound;
  else if (place.isError) text = msg.geoError;
  else if (!place.data) text = callUi.owner.loadingAddress;
  else text = place.data.locality ?? place.data.address ?? msg.geoNotFound;
  const full = place.data?.address;
  return (
    <div aria-live="polite" className="space-y-1">
      <p data-testid="caller-address">
        <span className="font-semibold">{callUi.owner.address}: </span>
        <span data-address>{text}</span>
      </p>
      {full && full !== text ? (
        <p data-testid="caller-full-address" className="text-sm text-slate-700">
          <span className="font-semibold">{callUi.owner.fullAddress}: </span>
          {full}
        </p>
      ) : null}
    </div>
  );
}

/**
 * CALL-17: the place in one line, for the ringing card and the end of a call: the geocoder's name
 * when it has one, else the coordinates (a geocoder that failed or is still answering does not
 * leave the owner without a place); `pending` when the finder's phone has given no position yet.
 * `lookup={false}` (the ringing card): the coordinates only, the geocoder is asked once answered.
 */
export function PlaceLine({
  latitude,
  longitude,
  pending,
  lookup = true,
  className = '',
}: {
  latitude: number | null;
  longitude: number | null;
  pending: string;
  lookup?: boolean;
  className?: string;
}) {
  const place = useReverseGeocode(latitude, longitude, lookup);
  let text: string;
  if (latitude === null || longitude === null) text = pending;
  else text = place.data?.locality ?? place.data?.address ?? callUi.owner.coordinates(latitude, longitude);
  return (
    <p aria-live="polite" className={className} data-place-line>
      <span className="font-semibold">{callUi.owner.address}: </span>
      <span data-place>{text}</span>
    </p>
  );
}
