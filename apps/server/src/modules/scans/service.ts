import type { FastifyInstance } from 'fastify';
import { CONDOMINIUM_PRODUCT_ID, productLabel } from '@toque/contracts/constants';
import { callMsg } from '@toque/contracts/messages';
import { paths } from '@toque/contracts/routes';
import { scanAlertText, type ShareLocationBody, type TagScan } from '@toque/contracts/scans';
import { tagsRepository, type Tag } from '../../db/repositories/tags';
import { Conflict, NotFound } from '../../errors';
import { clientKey } from '../../lib/client-address';
import { isTagCodeShape } from '../../lib/codes';
import { userRoom } from '../../plugins/realtime';
import { tagState } from '../calls/tag-state';
import { geocodeService } from '../geocode/service';
import { lostScanMail } from './mail';
import { scansRepository as repo, type Scan } from './repository';

const HISTORY_LIMIT = 200;

export type ScansService = ReturnType<typeof scansService>;

function toTagScan(scan: Scan, tagName: string, productId: number): TagScan {
  return {
    id: scan.id,
    tagCode: scan.tagCode,
    tagName,
    productId,
    lost: scan.lost,
    latitude: scan.latitude,
    longitude: scan.longitude,
    locality: scan.locality,
    scannedAt: scan.scannedAt.toISOString(),
  };
}

/**
 * FIND-01 / FIND-02: scan alerts (docs/decisions/0021). The finder's page reports itself after it
 * has loaded in a browser; each report may become one alert — a history entry, a socket event on
 * every open session of the owner and members, a Web Push, and for a lost tag an e-mail.
 */
export function scansService(app: FastifyInstance, background: (work: () => Promise<unknown>) => void) {
  const { db, config } = app;
  const geocoder = geocodeService(config.geocoder, `Toque/1.0 (+${config.publicUrl})`);

  async function findTag(rawCode: string) {
    const code = rawCode.trim().toUpperCase();
    const tag = isTagCodeShape(code) ? await tagsRepository.findTag(db, code) : undefined;
    if (!tag) throw new NotFound(callMsg.tagNotFound);
    return tag;
  }

  /** Only an active tag of a person alerts: a condominium plate is for calling a unit. */
  const alerting = (tag: Tag): tag is Tag & { ownerId: string } =>
    tagState(tag) === 'active' && tag.productId !== CONDOMINIUM_PRODUCT_ID && tag.ownerId !== null;

  type Recipients = Awaited<ReturnType<typeof repo.recipients>>;

  async function alert(
    tag: Tag & { ownerId: string },
    where: { latitude: number; longitude: number; locality: string | null } | null,
    known?: Recipients,
  ) {
    const lost = tag.lostMessage !== null;
    const scan = await repo.insert(db, { tagCode: tag.code, lost, ...where });
    const event = toTagScan(scan, tag.name, tag.productId);
    const recipients = known ?? (await repo.recipients(db, tag.code, tag.ownerId));
    const userIds = recipients.map((r) => r.userId);
    if (userIds.length > 0) app.io.to(userIds.map(userRoom)).emit('tag-scanned', event);
    // A scan push shows its own text and opens the history, never the call screen.
    const push = { type: 'tag-scanned', scan: event, text: scanAlertText(event), url: paths.callHistory } as const;
    background(() => app.push.notify(userIds, push));
    if (lost) {
      const label = tag.name.trim() || productLabel(tag.productId);
      background(async () => {
        for (const r of recipients) await app.mailer.send(lostScanMail(r.email, event, label));
      });
    }
    return event;
  }

  return {
    /**
     * FIND-01: the finder's page was opened. One alert per tag and address per window, and at most
     * so many per tag from every address — except a lost tag, whose first alert from a new address
     * is never silenced (FIND-02). A tag whose owner turned alerts off stays quiet unless it is lost.
     * Throttled scans are dropped silently: the page must never behave differently for the finder.
     * `viewerId`: the session of the browser, if any — its own tags do not alert.
     */
    async scanned(rawCode: string, ip: string, viewerId: string | null = null): Promise<TagScan | null> {
      const tag = await findTag(rawCode);
      if (!alerting(tag)) return null;
      // The owner or a member looking at their own tag's page (logged in, this browser) is no finder.
      const recipients = viewerId ? await repo.recipients(db, tag.code, tag.ownerId) : undefined;
      if (recipients?.some((r) => r.userId === viewerId)) return null;
      const lost = tag.lostMessage !== null;
      if (!lost && !tag.scanAlerts) return null;
      if (!(await app.limits.attempt('scanAlertPerTagAddress', `${tag.code}|${clientKey(ip)}`))) return null;
      if (!lost && !(await app.limits.attempt('scanAlertPerTag', tag.code))) return null;
      return alert(tag, null, recipients);
    },

    /**
     * FIND-01: 'Compartilhar minha localização' — the finder chose to tell the owner where they are,
     * so it is an alert whatever the scan-alert setting, with the locality from the reverse geocoder.
     * Never logged: the coordinates are finder data (SEC-07, OPS-05).
     */
    async shareLocation(rawCode: string, ip: string, body: ShareLocationBody): Promise<TagScan> {
      const tag = await findTag(rawCode);
      if (!alerting(tag)) throw new Conflict(tag.productId === CONDOMINIUM_PRODUCT_ID && tagState(tag) === 'active' ? callMsg.unitRequired : callMsg.inactive);
      await app.limits.consume('scanLocationPerTagAddress', `${tag.code}|${clientKey(ip)}`);
      const place = await geocoder.reverse(body.latitude, body.longitude).catch(() => null);
      return alert(tag, { latitude: body.latitude, longitude: body.longitude, locality: place?.locality ?? null });
    },

    async history(userId: string): Promise<TagScan[]> {
      const rows = await repo.history(db, userId, HISTORY_LIMIT);
      return rows.map(({ scan, tagName, productId }) => toTagScan(scan, tagName, productId));
    },
  };
}
