import { QueryClient } from '@tanstack/react-query';
import { statusOf } from './api-client';

/** Server state cache. Client errors (4xx) are answers, not hiccups: they are not retried. */
export const createQueryClient = () =>
  new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        retry: (failures, error) => {
          const status = statusOf(error);
          return failures < 2 && (status === 0 || status >= 500);
        },
      },
      mutations: { retry: false },
    },
  });

/** The browser's one cache. A server render makes its own per page (services-layout.tsx). */
export const queryClient = createQueryClient();
