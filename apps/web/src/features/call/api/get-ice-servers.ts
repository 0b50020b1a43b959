import { callsApi, type IceServer } from '@toque/contracts/calls';
import { apiClient } from '../../../lib/api-client';

/** GET /api/calls/:roomId/ice-servers — STUN and short-lived TURN credentials (CALL-10). */
export async function getIceServers(roomId: string): Promise<IceServer[]> {
  const { iceServers } = await apiClient.get<{ iceServers: IceServer[] }>(callsApi.iceServers(roomId));
  return iceServers;
}
