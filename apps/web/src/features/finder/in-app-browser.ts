/**
 * CALL-13: in-app browsers (Instagram, Facebook, Line, WhatsApp's and other Android webviews)
 * usually refuse the camera; their user-agent strings give them away. The finder is sent to the
 * text-message path instead, with a hint to open the link in the phone's browser.
 */
const MARKERS = [
  /\bInstagram\b/i,
  /\bFBAN\//,
  /\bFBAV\//,
  /\bFB_IAB\b/,
  /\bLine\//,
  /\bWhatsApp\b/i,
  /; wv\)/,
  /\bMicroMessenger\//,
  /\bTikTok\b/i,
];

export function isInAppBrowser(userAgent: string): boolean {
  return MARKERS.some((marker) => marker.test(userAgent));
}
