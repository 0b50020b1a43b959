import { callsApi, type IceConfig } from '@toque/contracts/calls';
import { apiClient } from '../../../lib/api-client';

/** GET /api/calls/:roomId/ice-servers — STUN or short-lived TURN credentials (CALL-10), and the transport policy (SEC-07). */
export async function getIceConfig(roomId: string): Promise<IceConfig> {
  const { iceServers, iceTransportPolicy } = await apiClient.get<IceConfig>(callsApi.iceServers(roomId));
  return { iceServers, iceTransportPolicy };
}
