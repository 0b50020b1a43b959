import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { scanAlertText, type TagScan } from '@toque/contracts/scans';
import { notify } from '../../../lib/toast';
import { useOwnerSocket } from '../hooks/use-owner-socket';

/** The call history's query of scans (features/call-history/api/get-scan-history.ts). */
const SCAN_HISTORY_KEY = ['scan-history'];

/**
 * FIND-01: mounted by the dashboard layout beside the incoming-call listener — a `tag-scanned` on
 * the tab's socket shows a toast at once and refreshes the history's scans.
 */
export function ScanAlertListener() {
  const socket = useOwnerSocket();
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!socket) return;
    const onScan = (scan: TagScan) => {
      notify.info(scanAlertText(scan), `scan-${scan.id}`);
      void queryClient.invalidateQueries({ queryKey: SCAN_HISTORY_KEY });
    };
    socket.on('tag-scanned', onScan);
    return () => {
      socket.off('tag-scanned', onScan);
    };
  }, [socket, queryClient]);
  return null;
}
