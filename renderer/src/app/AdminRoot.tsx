import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect } from 'react';
import { queryClient } from '../api/query';
import { AdminLayout } from '../shell/AdminLayout';

/** The signed-in part of the app: the shell inside the query cache (both in the shell's chunk, after login). */
export function AdminRoot() {
  // Leaving the signed-in part (logout, expiry) forgets every answer: the next user starts clean.
  useEffect(() => () => queryClient.clear(), []);
  return (
    <QueryClientProvider client={queryClient}>
      <AdminLayout />
    </QueryClientProvider>
  );
}
