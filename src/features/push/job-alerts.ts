/**
 * Job alerts through Web Push (issue 8): the browser subscribes with the server's VAPID key and
 * the subscription is stored for the signed-in user; the service worker shows what arrives
 * (sw/push.ts). The user's choice is remembered in localStorage:
 * - `rh.push.alerts` = 'on' | 'off': the settings toggle's state;
 * - `rh.push.explained` = '1': the "why alerts" card was shown once after the first save, and is
 *   not shown again whatever the answer (the permission prompt is never sprung on anyone).
 */
import { useSyncExternalStore } from 'react';
import { deletePushSubscription, fetchPushPublicKey, sendPushSubscription } from './push-api';

const ALERTS_KEY = 'rh.push.alerts';
const EXPLAINED_KEY = 'rh.push.explained';

export type AlertsState = 'unsupported' | 'denied' | 'on' | 'off';

const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}
function write(key: string, value: string) {
  try {
    localStorage.setItem(key, value);
  } catch {
    // No storage (private mode): the choice lasts for this page only.
  }
}

export function pushSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window
  );
}

export function alertsState(): AlertsState {
  if (!pushSupported()) return 'unsupported';
  if (Notification.permission === 'denied') return 'denied';
  return read(ALERTS_KEY) === 'on' && Notification.permission === 'granted' ? 'on' : 'off';
}

export function useAlertsState(): AlertsState {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    alertsState,
    alertsState,
  );
}

/** Whether to explain alerts now (after a first save): once, and only if it could help. */
export function shouldExplainAlerts(): boolean {
  return pushSupported() && Notification.permission === 'default' && read(EXPLAINED_KEY) !== '1';
}

export function markAlertsExplained() {
  write(EXPLAINED_KEY, '1');
}

/** base64url → the bytes PushManager.subscribe wants. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** Asks for permission (a user gesture must be on the stack), subscribes, tells the server. */
export async function enableJobAlerts(): Promise<AlertsState> {
  if (!pushSupported()) return 'unsupported';
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') {
    write(ALERTS_KEY, 'off');
    emit();
    return alertsState();
  }
  const registration = await navigator.serviceWorker.ready;
  const publicKey = await fetchPushPublicKey();
  const existing = await registration.pushManager.getSubscription();
  const subscription =
    existing ??
    (await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: keyBytes(publicKey),
    }));
  await sendPushSubscription(subscription.toJSON());
  write(ALERTS_KEY, 'on');
  emit();
  return 'on';
}

export async function disableJobAlerts(): Promise<void> {
  write(ALERTS_KEY, 'off');
  emit();
  if (!pushSupported()) return;
  const registration = await navigator.serviceWorker.getRegistration();
  const subscription = await registration?.pushManager.getSubscription();
  if (!subscription) return;
  await deletePushSubscription(subscription.endpoint).catch(() => undefined);
  await subscription.unsubscribe();
}
