/**
 * The company's notes on an applicant, and a box to add one (queued: it is sent once when the
 * device is online, issue 20).
 */
import { Button, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { PipelineLimits, type ApplicantNote } from '@/domain/contract/corporate-pipeline';

export function NotesSection({
  notes,
  onNote,
}: {
  notes: readonly ApplicantNote[];
  onNote: (text: string) => void;
}) {
  const [text, setText] = useState('');
  const trimmed = text.trim();
  return (
    <Stack gap={6}>
      {notes.length > 0 && (
        <Stack gap={4} data-testid="applicant-notes">
          {notes.map((note) => (
            <Text key={note.id} size="sm" style={{ overflowWrap: 'anywhere' }}>
              <Text span fw={600}>
                {note.authorName}:
              </Text>{' '}
              {note.text}
            </Text>
          ))}
        </Stack>
      )}
      <Textarea
        label="Add a note"
        autosize
        minRows={1}
        maxLength={PipelineLimits.noteMax}
        value={text}
        onChange={(e) => setText(e.currentTarget.value)}
      />
      <Button
        variant="light"
        size="xs"
        disabled={!trimmed}
        onClick={() => {
          onNote(trimmed);
          setText('');
        }}
        style={{ alignSelf: 'flex-start' }}
      >
        Save note
      </Button>
    </Stack>
  );
}
