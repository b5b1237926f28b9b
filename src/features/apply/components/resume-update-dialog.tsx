/**
 * The resume update dialog (spec §2 Job detail screen, §4 Resume update, §5 file rules): a
 * drag-and-drop or click area for one PDF under 2 MB, the readable-CV note, Update Resume. The
 * upload goes through the outbox (it survives going offline and reloads); while the CV is read
 * the parse loader of spec §9 shows progress. Loaded on demand with Mantine.
 */
import { Button, Group, Modal, Progress, Stack, Text } from '@mantine/core';
import { Dropzone, PDF_MIME_TYPE, type FileRejection } from '@mantine/dropzone';
import '@mantine/dropzone/styles.css';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { SessionSummary } from '@/lib/auth';
import { MantineBoundary } from '@/lib/ui/mantine-boundary';
import { basicDetailsQuery } from '@/lib/profile';
import { parseLoaderProgress, PARSE_LOADER_MAX_MS } from '../parse-progress';
import { resumeFileError } from '../resume-file';
import { useResumeUpload, type UploadPhase } from '../use-resume-upload';

interface Props {
  readonly session: SessionSummary;
  readonly onClose: () => void;
}

export default function ResumeUpdateDialog(props: Props) {
  return (
    <MantineBoundary>
      <ResumeUpdateModal {...props} />
    </MantineBoundary>
  );
}

function ParseLoader({ startedAt }: { startedAt: number }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), 500);
    return () => clearInterval(id);
  }, []);
  const elapsed = Math.min(now - startedAt, PARSE_LOADER_MAX_MS);
  const value = Math.round(parseLoaderProgress(elapsed));
  return (
    <Stack gap="xs" role="status" aria-live="polite">
      <Text>Reading your CV… this takes a few seconds.</Text>
      <Progress value={value} aria-label="CV reading progress" animated />
    </Stack>
  );
}

function phaseText(phase: UploadPhase): string | null {
  if (phase.name === 'queued') {
    return 'Your CV is saved on this device and will upload as soon as you are back online. You can close this dialog.';
  }
  if (phase.name === 'uploading') return 'Uploading your CV…';
  if (phase.name === 'done') return 'Your CV has been read. Refreshing…';
  return null;
}

function ResumeUpdateModal({ session, onClose }: Props) {
  const details = useQuery(basicDetailsQuery(session.sub));
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const { phase, upload } = useResumeUpload(session, details.data?.userId, () => {
    void queryClient.invalidateQueries({ queryKey: ['basic-details'] });
    // spec §4 Resume update, step 6: reload the page.
    window.location.reload();
  });

  const choose = (files: File[]) => {
    const picked = files[0] ?? null;
    const problem = resumeFileError(picked);
    setError(problem);
    setFile(problem ? null : picked);
  };
  const reject = (rejections: FileRejection[]) => {
    const first = rejections[0]?.file;
    setFile(null);
    setError(resumeFileError(first ?? null) ?? 'Only PDF files are allowed.');
  };
  const submit = () => {
    const problem = resumeFileError(file);
    setError(problem);
    if (!problem && file) void upload(file);
  };

  const busy = phase.name === 'uploading' || phase.name === 'parsing' || phase.name === 'done';
  const text = phaseText(phase);
  return (
    <Modal opened onClose={onClose} title="Update your resume" centered closeOnClickOutside={!busy}>
      <Stack>
        {phase.name === 'select' && (
          <>
            <Dropzone
              onDrop={choose}
              onReject={reject}
              accept={PDF_MIME_TYPE}
              multiple={false}
              aria-label="Choose your CV (PDF under 2 MB)"
            >
              <Stack align="center" gap={4} py="lg">
                <Text fw={600}>Drag your CV here or click to choose it</Text>
                <Text size="sm" c="dimmed">
                  PDF only, less than 2 MB
                </Text>
                {file && <Text size="sm">Selected: {file.name}</Text>}
              </Stack>
            </Dropzone>
            <Text size="sm" c="dimmed">
              Your CV must be readable text, not a scanned image, so we can match you to jobs.
            </Text>
          </>
        )}
        {phase.name === 'parsing' && <ParseLoader startedAt={phase.startedAt} />}
        {text && (
          <Text role="status" aria-live="polite">
            {text}
          </Text>
        )}
        {error && (
          <Text c="red.8" role="alert">
            {error}
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {phase.name === 'queued' ? 'Close' : 'Cancel'}
          </Button>
          {phase.name === 'select' && <Button onClick={submit}>Update Resume</Button>}
        </Group>
      </Stack>
    </Modal>
  );
}
