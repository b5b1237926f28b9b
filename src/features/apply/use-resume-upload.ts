/**
 * The resume update as the dialog shows it (spec §4 Resume update): queue the upload in the
 * outbox, follow it to "CV uploaded successfully", then poll basic details until the CV is read
 * (spec §9: up to 4 retries, 8 s apart) and reload the page. Failures warn and reset (spec §8).
 */
import { useEffect, useRef, useState } from 'react';
import { useConnectivity } from '@/lib/api';
import type { SessionSummary } from '@/lib/auth';
import { enqueueAction, useOutboxEvents } from '@/lib/outbox';
import { SUPPORT_EMAIL } from '@/domain/support';
import { toast } from '@/lib/toast';
import { fetchBasicDetails } from '@/lib/profile';
import { PARSE_POLL_INTERVAL_MS, PARSE_POLL_RETRIES } from './parse-progress';

export const RETRIEVE_FAILED = `Could not retrieve user details after multiple attempts. Please write to ${SUPPORT_EMAIL}.`; // spec §8
export const CHECK_FAILED = 'An error occurred while checking user details'; // spec §8

export type UploadPhase =
  | { readonly name: 'select' }
  /** Saved on the device; the outbox sends it when there is a connection. */
  | { readonly name: 'queued'; readonly seq: number }
  | { readonly name: 'uploading'; readonly seq: number }
  | { readonly name: 'parsing'; readonly startedAt: number }
  | { readonly name: 'done' };

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function useResumeUpload(
  session: SessionSummary,
  userId: string | undefined,
  onParsed: () => void,
) {
  const [phase, setPhase] = useState<UploadPhase>({ name: 'select' });
  const online = useConnectivity() === 'online';
  const polling = useRef(false);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const poll = async () => {
    if (polling.current) return;
    polling.current = true;
    setPhase({ name: 'parsing', startedAt: Date.now() });
    try {
      for (let attempt = 0; attempt <= PARSE_POLL_RETRIES && mounted.current; attempt += 1) {
        if (attempt > 0) await wait(PARSE_POLL_INTERVAL_MS);
        try {
          const details = await fetchBasicDetails();
          if (details.isCvExtracted) {
            setPhase({ name: 'done' });
            onParsed();
            return;
          }
          if (details.cvParseError) {
            toast.warning(details.cvParseError);
            setPhase({ name: 'select' });
            return;
          }
        } catch {
          toast.error(CHECK_FAILED);
        }
      }
      if (mounted.current) {
        toast.warning(RETRIEVE_FAILED, { autoClose: false });
        setPhase({ name: 'select' });
      }
    } finally {
      polling.current = false;
    }
  };

  useOutboxEvents((event) => {
    if (event.type !== 'changed' || event.kind !== 'cvUpload') return;
    if (phase.name !== 'queued' && phase.name !== 'uploading') return;
    if (event.seq !== phase.seq) return;
    if (event.state === 'done') void poll();
    else if (event.state === 'failed' || event.state === 'discarded') setPhase({ name: 'select' });
    else if (event.state === 'pending' && event.error) setPhase({ name: 'queued', seq: event.seq });
  });

  const upload = async (file: File) => {
    const result = await enqueueAction({
      kind: 'cvUpload',
      userId: session.sub,
      subject: file.name,
      payload: { email: session.email, userId: userId ?? '', file, fileName: file.name },
    });
    if (result.status === 'cancelled') return;
    const seq = result.action.seq!;
    setPhase(online ? { name: 'uploading', seq } : { name: 'queued', seq });
  };

  return { phase, upload };
}
