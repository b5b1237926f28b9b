import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CvSection } from '@/features/candidate';
import { basicDetailsQuery, type BasicDetails } from '@/lib/profile';
import { resetConnectivityForTests } from '@/lib/api/connectivity';
import type { SessionSummary } from '@/lib/auth';
import { createDb, setDbForTests } from '@/lib/db';

// The real query client and Dexie (fake-indexeddb); only the network is faked.
const session: SessionSummary = {
  sub: 'sub-cv-1',
  email: 'cv@example.com',
  fullName: 'Asha Verma',
  userType: ['general-user'],
  corporateUserType: null,
  lastAccessedDash: 'CAND',
};

const uploadedAt = new Date().toISOString();
const beingRead: BasicDetails = {
  userId: 'usr-cv-1',
  fullName: 'Asha Verma',
  email: 'cv@example.com',
  coreSkills: [],
  softSkills: [],
  isCvExtracted: false,
  cvParseError: null,
  CV: 'asha-cv.pdf',
  cvUpdatedAt: uploadedAt,
};

const json = (body: unknown) =>
  new Response(JSON.stringify(body), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  });

/** Answers basic details from `next()` and the View CV link; counts the details reads. */
function serve(next: () => BasicDetails) {
  const reads = { count: 0 };
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>((input) => {
      const url = input instanceof Request ? input.url : String(input);
      if (url.includes('/user/basic-details')) {
        reads.count += 1;
        return Promise.resolve(json({ data: next() }));
      }
      return Promise.resolve(
        json({ url: '/storage/cv?signature=x', fileName: 'asha-cv.pdf', expiresAt: uploadedAt }),
      );
    }),
  );
  return reads;
}

function renderSection(details: BasicDetails) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(basicDetailsQuery(session.sub).queryKey, details);
  function Page() {
    // As the profile page: its own details query (re-read on mount) feeds the section.
    const { data } = useQuery(basicDetailsQuery(session.sub));
    return <CvSection session={session} details={data} />;
  }
  render(
    <QueryClientProvider client={queryClient}>
      <Page />
    </QueryClientProvider>,
  );
}

let count = 0;
beforeEach(() => {
  count += 1;
  setDbForTests(createDb(`cv-section-${count}`));
});
afterEach(() => {
  setDbForTests(null);
  resetConnectivityForTests();
  vi.unstubAllGlobals();
});

describe('the profile CV card while a CV is being read (issue 10)', () => {
  it('shows the reading progress, re-reads the details, and shows the result when done', async () => {
    let reads = 0;
    const fetches = serve(() => {
      reads += 1;
      // The page's read on mount still finds the CV being read; the next re-read finds it read.
      return reads < 2
        ? beingRead
        : { ...beingRead, isCvExtracted: true, coreSkills: [{ skillName: 'React' }] };
    });
    renderSection(beingRead);
    const progress = screen.getByTestId('cv-parsing');
    expect(progress).toHaveTextContent('Reading asha-cv.pdf…');
    const bar = screen.getByRole('progressbar', { name: 'CV reading progress' });
    expect(Number(bar.getAttribute('value'))).toBeLessThan(95);

    await waitFor(() => expect(screen.getByTestId('cv-state')).toHaveTextContent('has been read'), {
      timeout: 15_000,
    });
    expect(screen.queryByTestId('cv-parsing')).toBeNull();
    expect(fetches.count).toBeGreaterThanOrEqual(2);
  });

  it('shows a parse error instead of the progress', () => {
    serve(() => beingRead);
    renderSection({ ...beingRead, cvParseError: 'This PDF is a scan.' });
    expect(screen.queryByTestId('cv-parsing')).toBeNull();
    expect(screen.getByTestId('cv-state')).toHaveTextContent(
      'We could not read your last CV: This PDF is a scan.',
    );
  });

  it('says there is no CV yet when there is none', () => {
    serve(() => beingRead);
    renderSection({ ...beingRead, CV: null, cvUpdatedAt: null });
    expect(screen.queryByTestId('cv-parsing')).toBeNull();
    expect(screen.getByTestId('cv-state')).toHaveTextContent('No CV yet.');
  });
});
