import { useId, useMemo, useRef, useState, type FormEvent } from 'react';
import type { PublicTag } from '@toque/contracts/calls';
import {
  COMPANY_OTHER_MAX,
  createDeliveryBody,
  deliveryCompanies,
  deliveryCompanyNames,
  doorFinderMessage,
  type DeliveryCompany,
} from '@toque/contracts/door';
import { finderMessage } from '@toque/contracts/finder-text';
import { callMsg } from '@toque/contracts/messages';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { Spinner } from '../../../components/ui/spinner';
import { isApiError } from '../../../lib/api-client';
import { attachDeliveryPhoto, leaveDelivery } from '../api/leave-delivery';
import { useDoorText } from '../door-text';
import { useFinderText } from '../i18n';
import { UnitPicker } from './unit-picker';

const card =
  'flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border border-slate-300 px-3 py-3 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50';

type Failure = { message: string; status?: number; retryAfterS?: number | undefined };
/** CONDO-15: the chosen photo as a thumbnail (a blob: URL, which the CSP's img-src allows), not its file name. */
function PhotoPreview({ file, alt }: { file: File; alt: string }) {
  const url = useMemo(() => URL.createObjectURL(file), [file]);
  // Once drawn, the picture no longer needs its URL.
  return (
    <img src={url} alt={alt} onLoad={() => URL.revokeObjectURL(url)} className="size-24 rounded-lg object-cover" />
  );
}

/** A random key for one notice (128 bits, base64url): a retry after a lost answer sends the same one. */
function newRequestKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** After the notice: the photo's fate (none chosen, on its way, arrived, or refused). */
type PhotoState = 'none' | 'sending' | 'sent' | 'failed';

/**
 * CONDO-15: the courier's notice — the unit, the company (or another's name) — and nothing rings.
 * The unit's residents get a push, a live notice and a line in their list.
 */
export function DeliveryForm({
  tag,
  unitId,
  onUnit,
}: {
  tag: PublicTag;
  unitId: number | null;
  onUnit: (unitId: number | null) => void;
}) {
  const { t, lang } = useFinderText();
  const d = useDoorText();
  const companyName = useId();
  const [company, setCompany] = useState<DeliveryCompany | null>(null);
  const [other, setOther] = useState('');
  const [error, setError] = useState<Failure | null>(null);
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);
  const [photo, setPhoto] = useState<File | null>(null);
  const [photoState, setPhotoState] = useState<PhotoState>('none');
  /** The notice's key, kept while the form says the same: sent again after a lost answer, it is one delivery. */
  const requestKey = useRef<{ of: string; key: string } | null>(null);
  const photoId = useId();
  const photoHintId = useId();
  const photoTitleId = useId();

  const say = (failure: Failure) =>
    doorFinderMessage(lang, failure.message) ?? finderMessage(t, failure.message, failure);

  if (sent) {
    return (
      <div className="space-y-4">
        <div role="status" className="space-y-2">
          <p className="text-lg font-semibold text-slate-900">{d.deliverySent}</p>
          {photoState === 'sending' ? <Spinner label={d.photoSending} /> : null}
          {photoState === 'sent' ? <p className="font-medium text-slate-900">{d.photoSent}</p> : null}
          {photoState === 'failed' ? <p className="font-medium text-red-800">{d.photoFailed}</p> : null}
        </div>
        <Button
          variant="secondary"
          className="w-full"
          disabled={photoState === 'sending'}
          onClick={() => {
            setSent(false);
            setCompany(null);
            setOther('');
            setPhoto(null);
            setPhotoState('none');
            requestKey.current = null;
            onUnit(null);
          }}
        >
          {d.anotherDelivery}
        </Button>
      </div>
    );
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (unitId === null) {
      setError({ message: callMsg.unitRequired });
      return;
    }
    const of = JSON.stringify([unitId, company, company === 'outra' ? other : null]);
    if (requestKey.current?.of !== of) requestKey.current = { of, key: newRequestKey() };
    const parsed = createDeliveryBody.safeParse({
      unitId,
      company: company ?? undefined,
      ...(company === 'outra' ? { companyOther: other } : {}),
      requestKey: requestKey.current.key,
    });
    if (!parsed.success) {
      setError({
        message: company === null ? d.companyRequired : (parsed.error.issues[0]?.message ?? d.companyRequired),
      });
      return;
    }
    setBusy(true);
    setError(null);
    let created;
    try {
      created = await leaveDelivery(tag.code, parsed.data);
    } catch (e) {
      setError(
        isApiError(e) && e.status !== 0
          ? { message: e.message, status: e.status, retryAfterS: e.retryAfterS }
          : { message: t.server.network },
      );
      setBusy(false);
      return;
    }
    setBusy(false);
    // The notice is out (the residents were told); the photo follows, and its failure loses nothing else.
    setSent(true);
    if (!photo) return;
    setPhotoState('sending');
    try {
      await attachDeliveryPhoto(created.id, created.photoToken, photo);
      setPhotoState('sent');
    } catch {
      setPhotoState('failed');
    }
  };

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="space-y-5" aria-label={d.deliveryTitle}>
      <h2 className="text-xl font-bold text-slate-900">{d.deliveryTitle}</h2>
      <UnitPicker units={tag.units} unlisted={tag.units_unlisted} value={unitId} onChange={onUnit} />
      <fieldset>
        <legend className="mb-2 font-semibold text-slate-900">{d.companyLabel}</legend>
        <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3">
          {deliveryCompanies.map((c) => (
            <li key={c}>
              <label className={card}>
                <input
                  type="radio"
                  name={companyName}
                  value={c}
                  checked={company === c}
                  onChange={() => setCompany(c)}
                  className="size-4"
                />
                <span className="font-medium text-slate-900">
                  {c === 'outra' ? d.otherCompany : deliveryCompanyNames[c]}
                </span>
              </label>
            </li>
          ))}
        </ul>
      </fieldset>
      {company === 'outra' ? (
        <TextField
          label={d.otherCompanyLabel}
          value={other}
          maxLength={COMPANY_OTHER_MAX}
          onChange={(event) => setOther(event.target.value)}
        />
      ) : null}
      <div className="space-y-2">
        <p id={photoTitleId} className="font-semibold text-slate-900">
          {d.photoLabel}
        </p>
        {/* The browser's own file button speaks the browser's language: this one speaks the finder's. */}
        <input
          id={photoId}
          type="file"
          accept="image/jpeg,image/png,image/webp,image/heic,image/heif"
          capture="environment"
          aria-labelledby={photoTitleId}
          aria-describedby={photoHintId}
          onChange={(event) => setPhoto(event.target.files?.[0] ?? null)}
          className="peer sr-only"
        />
        <label
          htmlFor={photoId}
          className="inline-flex min-h-11 cursor-pointer items-center justify-center rounded-lg border border-brand-700 bg-white px-4 py-2.5 font-semibold text-brand-700 hover:bg-brand-50 peer-focus-visible:outline peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-700"
        >
          {photo ? d.photoChange : d.photoChoose}
        </label>
        {photo ? <PhotoPreview file={photo} alt={d.photoPreviewAlt} /> : null}
        <p id={photoHintId} className="text-sm text-slate-700">
          {d.photoHint}
        </p>
      </div>
      {error ? (
        <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 font-medium text-red-800">
          {say(error)}
        </p>
      ) : null}
      <Button type="submit" size="lg" className="w-full" busy={busy}>
        {d.sendDelivery}
      </Button>
    </form>
  );
}
