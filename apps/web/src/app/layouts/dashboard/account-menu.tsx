import { Link } from 'react-router';
import { paths } from '@toque/contracts/routes';
import { ui } from '@toque/contracts/ui';
import { adminUi } from '@toque/contracts/admin-ui';
import { Dropdown } from '../../../components/ui/dropdown';
import { downloadReport } from '../../../features/admin/api/export-report';
import { initialsOf } from '../../../lib/initials';
import { useLogout, useSession } from '../../../lib/use-session';

const itemClass = 'flex min-h-11 w-full items-center rounded-lg px-3 py-2 text-left text-sm font-medium text-slate-800 hover:bg-slate-100';

/** DASH-03 / ADM-04: failures of the download are only logged (section 8), as a warning. */
function onDownloadReport(close: () => void) {
  close();
  downloadReport().catch((error: unknown) => console.warn('Toque: report download failed', error));
}

/** DASH-03: avatar with the user name, Editar Perfil, the admins' spreadsheet, and Sair. */
export function AccountMenu() {
  const { userName, isToqueAdmin } = useSession();
  const logout = useLogout();
  return (
    <Dropdown
      label={ui.buttons.accountMenu}
      triggerClassName="flex size-11 items-center justify-center rounded-full bg-brand-700 text-sm font-bold text-white hover:bg-brand-800"
      trigger={<span aria-hidden="true">{initialsOf(userName) || '•'}</span>}
    >
      {(close) => (
        <>
          <p className="truncate border-b border-slate-200 px-3 pt-1 pb-2 text-sm font-semibold text-slate-900">
            {userName ?? '…'}
          </p>
          <ul className="pt-1">
            <li>
              <Link to={paths.account} className={itemClass} onClick={close}>
                {ui.buttons.editProfile}
              </Link>
            </li>
            {isToqueAdmin ? (
              <li>
                <button type="button" className={itemClass} onClick={() => onDownloadReport(close)}>
                  {adminUi.downloadReport}
                </button>
              </li>
            ) : null}
            <li>
              <button type="button" className={itemClass} onClick={logout}>
                {ui.buttons.logout}
              </button>
            </li>
          </ul>
        </>
      )}
    </Dropdown>
  );
}
