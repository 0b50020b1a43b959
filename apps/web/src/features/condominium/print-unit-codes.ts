import QRCode from 'qrcode';
import type { Unit } from '@toque/contracts/condominium';
import { condoUi } from '@toque/contracts/admin-ui';
import { escapeHtml, printDocument } from '../../lib/print-frame';
import { unitCode, unitDisplayName } from './unit-display';

const css =
  'body{font-family:system-ui,sans-serif;margin:1.5cm;color:#0f172a}h1{font-size:18pt;margin:0 0 .3cm}' +
  'p.hint{margin:0 0 .8cm}ul{list-style:none;padding:0;display:grid;grid-template-columns:repeat(2,1fr);gap:.8cm}' +
  'li{border:1px dashed #64748b;border-radius:8px;padding:.5cm;text-align:center;break-inside:avoid}' +
  'h2{font-size:14pt;margin:0}img{width:4.5cm;height:4.5cm}.code{font:700 18pt ui-monospace,monospace;letter-spacing:.15em}';

/**
 * CONDO-08: one printable sheet with every unit's association code, to cut out and hand to the
 * residents. CONDO-19: its QR codes open the plate's page — `plateUrl`, the same absolute address
 * the plate's own QR code holds (the server's PUBLIC_URL, never the address bar's origin) — since a
 * phone camera does nothing with a bare code; the code is printed as text, to type in "Adicionar Toque".
 */
export async function printUnitCodes(
  condominiumName: string,
  units: readonly Unit[],
  plateUrl: string,
  block?: string,
): Promise<void> {
  const dataUrl = await QRCode.toDataURL(plateUrl, { errorCorrectionLevel: 'M', margin: 1, width: 320 });
  const cards = await Promise.all(
    units.map(async (unit) => {
      const code = unitCode(unit.unit_number);
      const name = unit.block
        ? `${unit.block} - ${unitDisplayName(unit.unit_number)}`
        : unitDisplayName(unit.unit_number);
      return (
        `<li data-unit-id="${unit.unit_id}"><h2>${escapeHtml(name)}</h2>` +
        `<img src="${escapeHtml(dataUrl)}" alt="${escapeHtml(condoUi.printQrAlt(plateUrl))}">` +
        `<p class="code">${escapeHtml(code)}</p></li>`
      );
    }),
  );
  // CONDO-14: a sheet per block, when the list is filtered to one.
  const title = block ? condoUi.manage.printTitleBlock(condominiumName, block) : condoUi.printTitle(condominiumName);
  printDocument(
    title,
    `<h1>${escapeHtml(title)}</h1><p class="hint">${escapeHtml(condoUi.printHint)}</p><ul>${cards.join('')}</ul>`,
    css,
  );
}
