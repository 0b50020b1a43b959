import { useQuery } from '@tanstack/react-query';
import { publicConfigPath, type PublicConfig } from '@toque/contracts/google-sign-in';
import { apiClient } from './api-client';

const publicConfigKey = ['public-config'] as const;

/** GET /api/config: this installation's settings the web app needs (one build serves every deployment). */
function getPublicConfig(): Promise<PublicConfig> {
  return apiClient.get<PublicConfig>(publicConfigPath);
}

/** Read once per page load: the server's configuration does not change while it runs. */
export function usePublicConfig() {
  return useQuery({ queryKey: publicConfigKey, queryFn: getPublicConfig, staleTime: Infinity });
}
