/**
 * The maps' words (CALL-05: the caller's position; CONDO-17: a plate's position): Leaflet's zoom
 * buttons in Portuguese, and what a map says when its tiles do not load (offline, a blocked tile
 * server): the position as text, with a link that opens it in a maps app.
 */
export const mapUi = {
  zoomIn: 'Aproximar',
  zoomOut: 'Afastar',
  offline: 'O mapa não carregou (sem conexão ou servidor de mapas bloqueado).',
  /** A plate with no position yet, on a map without tiles: the fields beside it still place it. */
  offlineNoPoint: 'O mapa não carregou (sem conexão ou servidor de mapas bloqueado). Digite as coordenadas abaixo.',
  position: (latitude: number, longitude: number) => `Posição: ${coordinates(latitude, longitude)}`,
  openInMaps: 'Abrir no aplicativo de mapas',
} as const;

/** Six decimals (about 10 cm), a decimal point and ", " between: the form maps apps read. */
function coordinates(latitude: number, longitude: number): string {
  return `${latitude.toFixed(6)}, ${longitude.toFixed(6)}`;
}

/**
 * A position in the maps app of the phone (Google Maps' cross-platform URL opens the app on Android
 * and iPhone when installed, the web page otherwise); `geo:` is not understood by an iPhone.
 */
export function mapsAppUrl(latitude: number, longitude: number): string {
  return `https://www.google.com/maps/search/?api=1&query=${latitude.toFixed(6)}%2C${longitude.toFixed(6)}`;
}
