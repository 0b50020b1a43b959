import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Delivery, DeliveryEvent } from '@toque/contracts/door';
import { notify } from '../../../lib/toast';
import { useOwnerSocket } from '../hooks/use-owner-socket';

/** The units' delivery lists (features/door/api/unit-deliveries.ts `allDeliveriesKey`). */
const DELIVERIES_KEY = ['door', 'deliveries'];

/**
 * CONDO-15: mounted beside the scan listener — a `delivery` on the tab's socket shows its notice
 * at once ('Entrega na portaria — Mercado Livre, 14:32') and refreshes the unit's list; a
 * `delivery-collected` (another resident took it) and `delivery-photo` (the courier's photo came) refresh it too.
 */
export function DeliveryListener() {
  const socket = useOwnerSocket();
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!socket) return;
    const refresh = () => void queryClient.invalidateQueries({ queryKey: DELIVERIES_KEY });
    const onDelivery = (delivery: DeliveryEvent) => {
      notify.info(delivery.text, `delivery-${delivery.id}`);
      refresh();
    };
    const onChanged = (_: Delivery) => refresh();
    socket.on('delivery', onDelivery);
    socket.on('delivery-collected', onChanged);
    // The courier's photo of a package arrived a moment after its notice.
    socket.on('delivery-photo', onChanged);
    return () => {
      socket.off('delivery', onDelivery);
      socket.off('delivery-collected', onChanged);
      socket.off('delivery-photo', onChanged);
    };
  }, [socket, queryClient]);
  return null;
}
