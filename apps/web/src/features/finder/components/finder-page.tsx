import { useEffect, useState, type ReactNode } from 'react';
import { Navigate, useParams } from 'react-router';
import type { PublicTag } from '@toque/contracts/calls';
import { finderMessage, finderPlace, finderType } from '@toque/contracts/finder-text';
import { paths } from '@toque/contracts/routes';
import { CONDOMINIUM_PRODUCT_ID } from '@toque/contracts/constants';
import { Spinner } from '../../../components/ui/spinner';
import { isApiError } from '../../../lib/api-client';
import { usePublicTag } from '../api/get-public-tag';
import { leaveTagMessage } from '../api/leave-tag-message';
import { positionWithin } from '../finder-media';
import { FinderLangProvider, FinderPlaceText, useFinderText } from '../i18n';
import { FINDER_READY_EVENT } from '../island';
import { useFinderSeed } from '../seed';
import { FinderCallPanel } from './finder-call-panel';
import { FinderChrome } from './finder-chrome';
import { ConversationEntry } from './conversation-entry';
import { EmergencyLinks, MedicalCardView } from './emergency';
import { LostNotice } from './lost-notice';
import { MessageForm } from './message-form';
import { QuietNotice } from './quiet-notice';
import { PlateDoor } from './plate-door';
import { ScanBeacon } from './scan-beacon';
import { ShareLocationButton } from './share-location-button';

const notCallable = { inactive: 'inactive', disabled: 'disabled' } as const;

/** The card (the language switch is in the page's header: FIND-03, FIND-05). */
function Shell({ children }: { children: ReactNode }) {
  return (
    <div className="mx-auto max-w-lg px-4 py-4 sm:py-8">
      <div className="space-y-6 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">{children}</div>
    </div>
  );
}

/**
 * Who the finder reached (CALL-02): type and name of the tag, the owner's first name, the info the
 * owner chose to show. FIND-05: a building's plate greets the visitor at its entrance, a doorbell at
 * a home's door; neither speaks of "a Toque of the type…".
 */
function TagSummary({ tag }: { tag: PublicTag }) {
  const { t } = useFinderText();
  const place = finderPlace(tag);
  if (place !== 'thing') {
    return (
      <header className="space-y-2">
        {tag.photo ? <TagPhoto photo={tag.photo} name={tag.name} /> : null}
        <h1 className="text-2xl font-bold text-slate-900">
          {place === 'building' ? t.plateHeading(tag.name) : t.homeHeading(tag.owner_first_name)}
        </h1>
        {tag.important_info ? <ImportantInfo info={tag.important_info} /> : null}
      </header>
    );
  }
  return (
    <header className="space-y-2">
      {tag.photo ? <TagPhoto photo={tag.photo} name={tag.name} /> : null}
      <h1 className="text-2xl font-bold text-slate-900">{t.heading}</h1>
      <p className="text-slate-700">{t.reached(finderType(t, tag))}</p>
      {tag.name ? (
        <p className="text-slate-800">
          <span className="font-semibold">{t.tagName}: </span>
          {tag.name}
        </p>
      ) : null}
      {tag.owner_first_name ? <p className="text-slate-800">{t.ownerIs(tag.owner_first_name)}</p> : null}
      {tag.important_info ? <ImportantInfo info={tag.important_info} /> : null}
      {tag.medical ? <MedicalCardView medical={tag.medical} /> : null}
    </header>
  );
}

/**
 * FIND-09: the owner's photo, when they show it. PERF-05: its size is in the markup (no layout
 * shift), it is shown modestly (at most 12 rem tall) and decoded off the main thread, so the text
 * above the fold stays what paints first.
 */
function TagPhoto({ photo, name }: { photo: NonNullable<PublicTag['photo']>; name: string }) {
  const { t } = useFinderText();
  return (
    <img
      src={photo.url}
      width={photo.width}
      height={photo.height}
      alt={t.photoAlt(name)}
      loading="eager"
      decoding="async"
      className="mx-auto h-auto max-h-48 w-auto max-w-full rounded-xl object-contain"
      data-testid="finder-photo"
    />
  );
}

function ImportantInfo({ info }: { info: string }) {
  const { t } = useFinderText();
  return (
    <div className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-slate-900">
      <p className="font-semibold">{t.importantInfo}</p>
      <p className="whitespace-pre-line">{info}</p>
    </div>
  );
}

/** How long a message on a switched-off tag waits for the phone's position before it goes without it. */
const MESSAGE_POSITION_WAIT_MS = 4000;

/**
 * CALL-15: a switched-off tag cannot ring, but its finder can still write to the owner (with a way
 * to be answered, if they want); it reaches the owner's call history and mailbox.
 */
function SwitchedOffMessage({ code }: { code: string }) {
  const { t } = useFinderText();
  const [sent, setSent] = useState(false);
  if (sent) {
    return (
      <p role="status" className="text-lg font-semibold text-slate-900">
        {t.messageSent}
      </p>
    );
  }
  return (
    <MessageForm
      intro={t.offMessage}
      withContact
      onSend={async (message, contact) => {
        const at = await positionWithin(MESSAGE_POSITION_WAIT_MS);
        await leaveTagMessage(code, { message, ...(contact ? { contact } : {}), ...(at ?? {}) });
        setSent(true);
      }}
    />
  );
}

/**
 * /t/:code — where every tag's QR code leads (CALL-01): an unclaimed code goes to onboarding; an
 * inactive, disabled or unknown tag says so plainly; a suspended one (FIN-05) takes a message; an active one lets the finder call. The server
 * renders it with the tag it found (PERF-05, server/src/plugins/finder-page.ts), and the browser
 * hydrates that.
 */
export function FinderPage() {
  const { code = '' } = useParams();
  const seed = useFinderSeed(code);
  // PERF-06: the server's page is now React's; the island replays the taps it held.
  useEffect(() => {
    window.dispatchEvent(new Event(FINDER_READY_EVENT));
  }, []);
  return (
    <FinderLangProvider initial={seed?.lang}>
      <FinderChrome>
        <FinderContent code={code} seed={seed} />
      </FinderChrome>
    </FinderLangProvider>
  );
}

function FinderContent({ code, seed }: { code: string; seed: ReturnType<typeof useFinderSeed> }) {
  const { t } = useFinderText();
  const tag = usePublicTag(code, seed);

  if (seed?.error) {
    return (
      <Shell>
        <h1 className="text-2xl font-bold text-slate-900">
          {/* REL-06: the server could not reach its database; the page reloads itself (entry-server.tsx). */}
          {seed.error.status === 503 ? t.retrying : finderMessage(t, seed.error.message, seed.error)}
        </h1>
      </Shell>
    );
  }
  if (tag.isPending) {
    return (
      <Shell>
        <Spinner label={t.loading} />
      </Shell>
    );
  }
  if (tag.isError) {
    const error = tag.error;
    const message = isApiError(error)
      ? error.status === 404
        ? t.server.tagNotFound
        : finderMessage(t, error.message, error)
      : t.server.network;
    return (
      <Shell>
        <h1 className="text-2xl font-bold text-slate-900">{message}</h1>
      </Shell>
    );
  }
  const found = tag.data;
  if (found.state === 'unclaimed') return <Navigate to={paths.onboarding(found.code)} replace />;
  return (
    // CONDO-19: a door's page speaks of its residents, in every state and on every screen of the call.
    <FinderPlaceText place={finderPlace(found)}>
      <FoundTag found={found} inApp={seed?.inApp} />
    </FinderPlaceText>
  );
}

function FoundTag({ found, inApp }: { found: PublicTag; inApp: boolean | undefined }) {
  const { t } = useFinderText();
  const blocked = found.state === 'inactive' || found.state === 'disabled' ? t.server[notCallable[found.state]] : null;
  return (
    <Shell>
      {found.state === 'suspended' ? (
        // FIN-05 (docs/decisions/0040): who the tag belongs to, that it cannot ring now, and a message.
        <>
          {found.needs_care ? <EmergencyLinks needsCare /> : null}
          <TagSummary tag={found} />
          <p role="status" className="text-lg font-semibold text-slate-900">
            {t.server.suspended}
          </p>
          <SwitchedOffMessage code={found.code} />
        </>
      ) : blocked ? (
        <>
          <h1 className="text-2xl font-bold text-slate-900">{blocked}</h1>
          <p className="text-slate-700">{t.reached(finderType(t, found))}</p>
          {found.state === 'inactive' ? <SwitchedOffMessage code={found.code} /> : null}
        </>
      ) : (
        <>
          {/* FIND-11: a wristband whose person needs care: the emergency numbers before anything else. */}
          {found.needs_care ? <EmergencyLinks needsCare /> : null}
          <ScanBeacon code={found.code} />
          {found.lost ? <LostNotice lost={found.lost} /> : null}
          <TagSummary tag={found} />
          {/* FIND-07: quiet hours, said before the tap (the server's check at call time is what counts). */}
          {found.quiet_until_time ? (
            <QuietNotice code={found.code} until={found.quiet_until_time} />
          ) : found.product_id === CONDOMINIUM_PRODUCT_ID ? (
            <PlateDoor tag={found} inApp={inApp} />
          ) : (
            <FinderCallPanel tag={found} inApp={inApp} />
          )}
          {/* FIND-06: writing instead of calling (a plate's door offers it for the unit chosen there: PlateDoor). */}
          {found.product_id !== CONDOMINIUM_PRODUCT_ID ? (
            <ConversationEntry code={found.code} firstName={found.owner_first_name} />
          ) : null}
          {found.product_id !== CONDOMINIUM_PRODUCT_ID ? <ShareLocationButton code={found.code} /> : null}
        </>
      )}
    </Shell>
  );
}
