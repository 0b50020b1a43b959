import { useEffect, useState } from 'react';
import QRCode from 'qrcode';

export type QrImage = { status: 'loading' } | { status: 'ready'; dataUrl: string } | { status: 'error' };

/** A PNG data URL of the QR code for `value` (TAG-06), large enough to print sharply. */
export function useQrDataUrl(value: string | null): QrImage {
  const [image, setImage] = useState<{ value: string; image: QrImage } | null>(null);

  useEffect(() => {
    if (value === null) return;
    let current = true;
    QRCode.toDataURL(value, { errorCorrectionLevel: 'M', margin: 2, width: 512 }).then(
      (dataUrl) => current && setImage({ value, image: { status: 'ready', dataUrl } }),
      () => current && setImage({ value, image: { status: 'error' } }),
    );
    return () => {
      current = false;
    };
  }, [value]);

  return image && image.value === value ? image.image : { status: 'loading' };
}
