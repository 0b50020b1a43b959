import { osmLink } from '@toque/contracts/calls';
import { callMsg } from '@toque/contracts/messages';
import type { TagScan } from '@toque/contracts/scans';
import { brasiliaDateTime as time } from '@toque/contracts/time-format';
import type { Mail } from '../../plugins/mailer';


/** FIND-02: every alerted scan of a lost tag reaches the owner and members by e-mail too. */
export function lostScanMail(to: string, scan: TagScan, label: string): Mail {
  const where =
    scan.latitude !== null && scan.longitude !== null
      ? [...(scan.locality ? [`Local: ${scan.locality}`] : []), `Localização: ${osmLink(scan.latitude, scan.longitude)}`]
      : [callMsg.locationUnknown];
  return {
    to,
    subject: `${callMsg.lostScannedSubject}: ${label}`,
    text: [
      `${scan.locality ? callMsg.scannedAt(label, scan.locality) : callMsg.scanned(label)}.`,
      'Ele está no modo perdido: quem o escaneou viu a sua mensagem e pode chamar você pela página do Toque.',
      '',
      `Toque: ${label}`,
      `Horário: ${time.format(new Date(scan.scannedAt))}`,
      ...where,
      '',
      'Equipe Toque',
    ].join('\n'),
  };
}
