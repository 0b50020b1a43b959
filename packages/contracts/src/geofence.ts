import { z } from 'zod';

/**
 * CONDO-17 (docs/decisions/0046): a condominium plate that rings only at its door. The síndico
 * places the plate (latitude, longitude) and chooses whether a call needs the visitor's position
 * within a radius of 50–500 m (150 by default). Without a position set, nothing changes.
 */
export const GEOFENCE_RADIUS_MIN_M = 50;
export const GEOFENCE_RADIUS_MAX_M = 500;
export const GEOFENCE_RADIUS_DEFAULT_M = 150;
/** A browser's accuracy (the 95 % radius, metres) beyond any use: larger is a 400, not a position. */
const GEOFENCE_ACCURACY_MAX_M = 100_000;

/** The server's answers (pt-BR). The finder's side translates the visitor's ones (finder-text.ts). */
export const geofenceMsg = {
  /** The plate requires a position and the browser sent none (refused, unavailable). */
  positionRequired:
    'Esta placa só chama quem está na portaria do condomínio: permita o acesso à sua localização para chamar. Você ainda pode deixar uma mensagem.',
  /** Farther than the radius from the plate. */
  tooFar:
    'Você está longe da portaria deste condomínio: esta placa só chama quem está na porta. Você ainda pode deixar uma mensagem.',
  /** The fix's accuracy is worse than the radius: it cannot say the visitor is at the door. */
  inaccurate:
    'Sua localização está imprecisa demais para confirmar que você está na portaria. Tente de novo perto da placa, ao ar livre, ou deixe uma mensagem.',
  // The síndico's side (Portuguese only).
  radiusRange: `O raio deve ser de ${GEOFENCE_RADIUS_MIN_M} a ${GEOFENCE_RADIUS_MAX_M} metros.`,
  latitudeRange: 'A latitude deve estar entre -90 e 90.',
  longitudeRange: 'A longitude deve estar entre -180 e 180.',
  bothOrNeither: 'Informe a latitude e a longitude da placa (as duas), ou nenhuma para retirar a posição.',
  requiredNeedsPosition: 'Para exigir a posição do visitante, informe antes onde fica a placa.',
  saved: 'Posição da placa salva.',
  noCondominium: 'Esta placa ainda não pertence a um condomínio.',
} as const;

const radius = z
  .number({ error: geofenceMsg.radiusRange })
  .int({ error: geofenceMsg.radiusRange })
  .min(GEOFENCE_RADIUS_MIN_M, { error: geofenceMsg.radiusRange })
  .max(GEOFENCE_RADIUS_MAX_M, { error: geofenceMsg.radiusRange });
const plateLatitude = z
  .number({ error: geofenceMsg.latitudeRange })
  .min(-90, { error: geofenceMsg.latitudeRange })
  .max(90, { error: geofenceMsg.latitudeRange });
const plateLongitude = z
  .number({ error: geofenceMsg.longitudeRange })
  .min(-180, { error: geofenceMsg.longitudeRange })
  .max(180, { error: geofenceMsg.longitudeRange });

/** GET /api/condominium/plate-position?qrCode= — the síndico's (or an administrator's) view. */
export const platePositionQuery = z.object({ qrCode: z.string().trim().min(1).max(64) });

/** PUT /api/condominium/plate-position — null latitude and longitude take the position away. */
export const platePositionBody = z
  .object({
    qrCode: z.string().trim().min(1).max(64),
    latitude: plateLatitude.nullable(),
    longitude: plateLongitude.nullable(),
    required: z.boolean(),
    radiusM: radius,
  })
  .refine((b) => (b.latitude === null) === (b.longitude === null), {
    error: geofenceMsg.bothOrNeither,
    path: ['latitude'],
  })
  .refine((b) => !b.required || b.latitude !== null, {
    error: geofenceMsg.requiredNeedsPosition,
    path: ['required'],
  });
export type PlatePositionBody = z.infer<typeof platePositionBody>;

const platePosition = z.object({
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  required: z.boolean(),
  radius_m: z.number().int(),
});
export type PlatePosition = z.infer<typeof platePosition>;
export const platePositionResponse = platePosition.extend({ message: z.string().optional() });

/** The visitor's fix as the browser gave it: `accuracy` is the 95 % radius in metres. */
export const visitorAccuracy = z.number().min(0).max(GEOFENCE_ACCURACY_MAX_M);

/** The síndico's screen (Portuguese only). */
export const geofenceUi = {
  heading: 'Posição da placa na portaria',
  intro:
    'Marque no mapa onde a placa está (clique ou arraste o marcador), digite as coordenadas, ou, em pé ao lado da placa, use a sua localização atual. Assim a placa pode chamar só quem está na porta.',
  map: 'Mapa da posição da placa',
  marker: 'Placa',
  latitude: 'Latitude',
  longitude: 'Longitude',
  useMyLocation: 'Usar minha localização atual',
  locating: 'Obtendo sua localização…',
  locationFailed: 'Não foi possível obter sua localização. Permita o acesso à localização ou digite as coordenadas.',
  required: 'Exigir a posição do visitante para chamar',
  requiredHint: 'Quem estiver fora do raio, ou recusar a localização, não consegue chamar, mas ainda pode deixar uma mensagem.',
  radius: 'Raio (metros)',
  radiusHint: `De ${GEOFENCE_RADIUS_MIN_M} a ${GEOFENCE_RADIUS_MAX_M} metros.`,
  save: 'Salvar posição',
  saving: 'Salvando…',
  clear: 'Retirar a posição',
  notSet: 'A placa ainda não tem posição: ela chama de qualquer lugar.',
  loading: 'Carregando a posição da placa…',
  latitudeInvalid: geofenceMsg.latitudeRange,
  longitudeInvalid: geofenceMsg.longitudeRange,
} as const;
