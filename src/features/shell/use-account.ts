import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useRouterState } from '@tanstack/react-router';
import { useCallback } from 'react';
import { loadAuthActions } from '@/lib/auth';

/** The current address (path, query, hash): Edit Profile's returnUrl (spec §2). */
export function useCurrentHref(): string {
  return useRouterState({ select: (s) => s.location.href });
}

/**
 * spec §2 Logout: signs out everywhere (the refresh token is revoked), clears storage (spec §4)
 * and the in-memory query cache, then goes home. Signing out offline still clears this device.
 */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(async () => {
    const { signOutEverywhere } = await loadAuthActions();
    await signOutEverywhere().catch(() => undefined);
    queryClient.clear();
    await navigate({ to: '/' });
  }, [navigate, queryClient]);
}
