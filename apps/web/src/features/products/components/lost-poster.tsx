import { useState } from 'react';
import { posterUi } from '@toque/contracts/poster';
import type { Product } from '@toque/contracts/products';
import { Button, buttonClasses } from '../../../components/ui/button';
import { notify } from '../../../lib/toast';
import { downloadPoster } from '../api/lost-poster';

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * FIND-10: in lost mode the owner downloads the A4 poster and spreads the page's link — the
 * phone's share sheet where the browser has one, WhatsApp, or the link copied. The link's preview
 * (its Open Graph tags and image) is the server's (lib/open-graph.ts).
 */
export function LostPoster({ tag }: { tag: Product }) {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const text = posterUi.shareText(tag.name);
  const url = tag.public_url;
  const canShare = typeof navigator !== 'undefined' && typeof navigator.share === 'function';

  const onDownload = async () => {
    setFailure(null);
    setBusy(true);
    try {
      await downloadPoster(tag.code);
    } catch (error) {
      setFailure(posterUi.downloadFailurePrefix + errorText(error));
    } finally {
      setBusy(false);
    }
  };
  const onShare = async () => {
    try {
      await navigator.share({ title: tag.name, text, url });
    } catch {
      // Closing the share sheet is no error.
    }
  };
  const onCopy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      notify.success(posterUi.copied);
    } catch (error) {
      setFailure(errorText(error));
    }
  };

  return (
    <div className="space-y-4">
      <p className="text-slate-700">{posterUi.intro}</p>
      <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap">
        <Button size="lg" busy={busy} onClick={() => void onDownload()}>
          {busy ? posterUi.downloading : posterUi.download}
        </Button>
        {canShare ? (
          <Button size="lg" variant="secondary" onClick={() => void onShare()}>
            {posterUi.share}
          </Button>
        ) : null}
        <a
          className={buttonClasses('secondary', 'lg')}
          href={`https://wa.me/?text=${encodeURIComponent(`${text} ${url}`)}`}
          target="_blank"
          rel="noopener noreferrer"
        >
          {posterUi.whatsapp}
        </a>
        <Button size="lg" variant="ghost" onClick={() => void onCopy()}>
          {posterUi.copy}
        </Button>
      </div>
      {failure ? (
        <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm font-medium text-red-800">
          {failure}
        </p>
      ) : null}
    </div>
  );
}
