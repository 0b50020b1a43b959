import type { Product } from '@toque/contracts/products';
import { dashboardUi } from '@toque/contracts/dashboard-ui';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { Spinner } from '../../../components/ui/spinner';
import { tagCopy } from '../copy';
import { useQrDataUrl } from '../hooks/use-qr-data-url';
import { printQr } from '../print-qr';

const labels = dashboardUi.qr;

interface QrModalProps {
  /** The tag whose QR code is shown; null when the modal is closed. */
  tag: Pick<Product, 'code' | 'name' | 'public_url'> | null;
  onClose: () => void;
}

/**
 * TAG-06 / TAG-10: the tag's real QR code, encoding the public URL the server gives (its
 * PUBLIC_URL, never the address bar's origin), with PNG download and print.
 */
export function QrModal({ tag, onClose }: QrModalProps) {
  const url = tag ? tag.public_url : null;
  const image = useQrDataUrl(url);
  const title = tag ? `${labels.title} ${tag.name}` : labels.title;

  return (
    <Modal open={tag !== null} onClose={onClose} title={title}>
      <p className="text-slate-700">{tagCopy.qrIntro}</p>
      <p className="mt-1 font-mono text-sm break-all text-slate-900">{url}</p>
      <div className="mt-4 flex min-h-64 items-center justify-center">
        {image.status === 'ready' && url ? (
          <img
            src={image.dataUrl}
            alt={tagCopy.qrAlt(url)}
            data-qr-value={url}
            width={256}
            height={256}
            className="size-64 [image-rendering:pixelated]"
          />
        ) : image.status === 'error' ? (
          <p role="alert" className="text-red-800">
            {tagCopy.qrError}
          </p>
        ) : (
          <Spinner label={dashboardUi.qr.title} />
        )}
      </div>
      <div className="mt-4 flex flex-wrap justify-end gap-2">
        {image.status === 'ready' && tag && url ? (
          <>
            <a href={image.dataUrl} download={`toque-${tag.code}.png`} className={buttonClasses('secondary')}>
              {labels.download}
            </a>
            <Button variant="secondary" onClick={() => printQr(image.dataUrl, tagCopy.qrPrintTitle(tag.name), url)}>
              {labels.print}
            </Button>
          </>
        ) : null}
        <Button variant="ghost" onClick={onClose}>
          {dashboardUi.close}
        </Button>
      </div>
    </Modal>
  );
}
