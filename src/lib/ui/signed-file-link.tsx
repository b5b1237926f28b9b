/**
 * A link-styled button that opens a stored file through a short-lived signed link asked for on
 * click (a CV for its referee, a referral's proof for its candidate): the link expires in
 * minutes, so it is never cached or rendered ahead. The tab is opened before the request so the
 * browser does not block it as a pop-up; offline, it says that the file needs a connection.
 */
import { Anchor, Text } from '@mantine/core';
import { useState } from 'react';
import { useConnectivity, userErrorText } from '@/lib/api';

export interface SignedFileLinkProps {
  readonly label: string;
  /** What the file is, for the messages: "the CV", "the proof". */
  readonly what: string;
  readonly fetchLink: () => Promise<{ readonly url: string }>;
  readonly testId?: string;
}

export function SignedFileLink({ label, what, fetchLink, testId }: SignedFileLinkProps) {
  const connectivity = useConnectivity();
  const [message, setMessage] = useState<string | null>(null);
  const offline = connectivity === 'offline';
  const offlineText = `Viewing ${what} needs a connection.`;
  return (
    <div>
      <Anchor
        component="button"
        type="button"
        size="sm"
        onClick={() => {
          if (offline) return setMessage(offlineText);
          setMessage(null);
          const tab = window.open('', '_blank');
          fetchLink()
            .then(({ url }) => {
              if (tab) tab.location.href = url;
              else window.location.assign(url);
            })
            .catch((error: unknown) => {
              tab?.close();
              setMessage(userErrorText(error, `${capitalise(what)} could not be opened.`));
            });
        }}
      >
        {label}
      </Anchor>
      {(message || offline) && (
        <Text size="xs" c="dimmed" {...(testId ? { 'data-testid': testId } : {})}>
          {message ?? offlineText}
        </Text>
      )}
    </div>
  );
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
