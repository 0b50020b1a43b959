import { useId, useState } from 'react';
import { dashboardUi } from '@toque/contracts/dashboard-ui';
import { photoMsg } from '@toque/contracts/messages';
import { PHOTO_MAX_BYTES, PHOTO_TYPES, type Product } from '@toque/contracts/products';
import { Button, buttonClasses } from '../../../components/ui/button';
import { notify } from '../../../lib/toast';
import { useRemovePhoto, useUploadPhoto } from '../api/tag-photo';

const labels = dashboardUi.editTag;
/** Phones name HEIC files without a type in some browsers: the extensions are accepted too. */
const ACCEPT = [...PHOTO_TYPES, '.heic', '.heif'].join(',');

/**
 * FIND-09: the owner's photo for the finder's page — sent as soon as it is chosen (the server
 * re-encodes it and removes its metadata), replaced or removed. The finder sees it only with the
 * "Mostrar a foto" switch on.
 */
export function TagPhotoField({ tag }: { tag: Product }) {
  const inputId = useId();
  const upload = useUploadPhoto();
  const remove = useRemovePhoto();
  const [failure, setFailure] = useState<string | null>(null);
  const busy = upload.isPending || remove.isPending;

  const send = async (file: File) => {
    setFailure(null);
    // The server says the same; checking first spares a phone 10 MB of upload.
    if (file.size > PHOTO_MAX_BYTES) {
      setFailure(labels.photoFailurePrefix + photoMsg.tooLarge);
      return;
    }
    try {
      const answer = await upload.mutateAsync({ code: tag.code, file });
      notify.success(answer.message);
    } catch (error) {
      setFailure(labels.photoFailurePrefix + (error instanceof Error ? error.message : String(error)));
    }
  };

  return (
    <div className="space-y-3">
      <h2 className="text-lg font-bold text-slate-900">{labels.photoHeading}</h2>
      {tag.photo ? (
        <img
          src={tag.photo.url}
          width={tag.photo.width}
          height={tag.photo.height}
          alt={labels.photoAlt(tag.name)}
          decoding="async"
          className="h-auto max-h-48 w-auto max-w-full rounded-xl border border-slate-200 object-contain"
          data-testid="tag-photo-preview"
        />
      ) : (
        <p className="text-sm text-slate-700">{labels.photoNone}</p>
      )}
      <div className="space-y-1">
        {/* The browser's own file button speaks the browser's language: a Portuguese label stands
            in for it, and the input keeps the focus (its ring drawn on the label). */}
        <input
          id={inputId}
          type="file"
          accept={ACCEPT}
          disabled={busy}
          aria-describedby={`${inputId}-hint`}
          className="peer sr-only"
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (file) void send(file);
          }}
        />
        <label
          htmlFor={inputId}
          className={buttonClasses(
            'primary',
            'md',
            'cursor-pointer peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-700 peer-disabled:cursor-not-allowed peer-disabled:opacity-60',
          )}
        >
          {tag.photo ? labels.photoReplace : labels.photoChoose}
        </label>
        <p id={`${inputId}-hint`} className="text-sm text-slate-600">
          {labels.photoHint}
        </p>
      </div>
      {upload.isPending ? (
        <p role="status" className="text-sm text-slate-700">
          {labels.photoSending}
        </p>
      ) : null}
      {tag.photo ? (
        <Button
          variant="secondary"
          busy={remove.isPending}
          disabled={busy}
          onClick={() => {
            setFailure(null);
            remove.mutate(tag.code, {
              onSuccess: (answer) => notify.success(answer.message),
              onError: (error) => setFailure(error.message),
            });
          }}
        >
          {labels.photoRemove}
        </Button>
      ) : null}
      {failure ? (
        <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm font-medium text-red-800">
          {failure}
        </p>
      ) : null}
    </div>
  );
}
