import { lazy, Suspense, useState } from 'react';
import type { SessionSummary } from '@/lib/auth';
import buttons from '@/lib/ui/button.module.css';

const ResumeUpdateDialog = lazy(() => import('./resume-update-dialog'));

/** A button that opens the resume update dialog (loaded with Mantine on first use). */
export function ResumeUpdateButton({ session, label }: { session: SessionSummary; label: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className={buttons.secondary} onClick={() => setOpen(true)}>
        {label}
      </button>
      {open && (
        <Suspense fallback={null}>
          <ResumeUpdateDialog session={session} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
