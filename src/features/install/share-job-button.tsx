import { useState } from 'react';
import { showToast } from '@/lib/toast';
import buttonClasses from '@/lib/ui/button.module.css';

/**
 * Share a job (issue 8): the Web Share API where the browser has it (phones), otherwise the link
 * is copied to the clipboard. Cancelling the share sheet is not an error.
 */
export function ShareJobButton({ title, companyName }: { title: string; companyName: string }) {
  const [busy, setBusy] = useState(false);
  const share = async () => {
    const url = window.location.href.split('#')[0] ?? window.location.href;
    const data = { title: `${title} at ${companyName}`, text: `${title} at ${companyName}`, url };
    setBusy(true);
    try {
      if (typeof navigator.share === 'function' && navigator.canShare?.(data) !== false) {
        await navigator.share(data);
        return;
      }
      await navigator.clipboard.writeText(url);
      showToast('Link copied', { type: 'success' });
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return;
      showToast('Could not share this job. Copy the address from the address bar.', {
        type: 'error',
      });
    } finally {
      setBusy(false);
    }
  };
  return (
    <button
      type="button"
      className={buttonClasses.secondary}
      disabled={busy}
      onClick={() => void share()}
    >
      Share
    </button>
  );
}
