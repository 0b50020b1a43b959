import { useEffect, useState } from 'react';
import { recordingsApi, recordingUi, type RecordingKind } from '@toque/contracts/recordings';
import { apiClient } from '../../../lib/api-client';

/**
 * FIND-12: a finder's voice or video message, played in the thread. `preload="auto"` (the bytes are
 * already in memory): with "metadata", Chromium cannot start a WebM that Firefox's MediaRecorder wrote
 * ("demuxer seek failed") — found by the browser test of a Firefox finder and a Chromium owner. The media route wants the
 * session's bearer token, which a <video src> cannot send: the bytes are fetched once and played
 * from a blob URL (the CSP's media-src allows blob:), freed when the message leaves the screen.
 */
export function RecordingPlayer({ conversationId, messageId, kind }: { conversationId: string; messageId: number; kind: RecordingKind }) {
  const [url, setUrl] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let made: string | null = null;
    let gone = false;
    apiClient
      .get<Blob>(recordingsApi.media(conversationId, messageId), { responseType: 'blob' })
      .then((blob) => {
        if (gone) return;
        made = URL.createObjectURL(blob);
        setUrl(made);
      })
      .catch(() => {
        if (!gone) setFailed(true);
      });
    return () => {
      gone = true;
      if (made) URL.revokeObjectURL(made);
    };
  }, [conversationId, messageId]);

  const label = kind === 'video' ? recordingUi.video : recordingUi.audio;
  if (failed)
    return (
      <p role="alert" className="text-sm font-medium text-red-700">
        {recordingUi.failed}
      </p>
    );
  if (!url) return <p className="text-sm text-slate-700">{recordingUi.loading}</p>;
  return kind === 'video' ? (
    <video controls playsInline preload="auto" src={url} aria-label={label} data-recording className="mt-2 max-h-80 w-full rounded-lg bg-slate-900" />
  ) : (
    <audio controls preload="auto" src={url} aria-label={label} data-recording className="mt-2 w-full" />
  );
}
