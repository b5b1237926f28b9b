import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { render, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { reportNetworkOutcome, resetConnectivityForTests } from '@/lib/api/connectivity';
import {
  expectFirstScreen,
  useDeferredRender,
  useFirstScreenShown,
  whenFirstScreenShown,
} from '@/lib/first-screen-shown';

/** A router whose first load resolves when the test says so. */
function firstLoad() {
  let listener: (() => void) | undefined;
  return {
    router: {
      subscribe: (_event: 'onRendered', next: () => void) => {
        listener = next;
        return () => (listener = undefined);
      },
    },
    resolve: () => listener?.(),
  };
}

/** A query the page started, answered when the test says so. */
function pageQuery(client: QueryClient) {
  let answer: (value: string) => void = () => undefined;
  void client.fetchQuery({
    queryKey: ['listing'],
    queryFn: () => new Promise<string>((resolve) => (answer = resolve)),
  });
  return { answer: (value: string) => answer(value) };
}

const settled = (promise: Promise<void>) => {
  let done = false;
  void promise.then(() => (done = true));
  return () => done;
};
const frames = (ms = 60) => new Promise((resolve) => setTimeout(resolve, ms));

/** A page load being watched: its router, its query client, and whether it counts as shown. */
function watchedLoad(wait = 5_000) {
  const client = new QueryClient();
  const load = firstLoad();
  const shown = settled(whenFirstScreenShown(load.router, () => client, wait));
  return { client, resolveRoute: load.resolve, shown };
}

describe('whenFirstScreenShown', () => {
  afterEach(() => resetConnectivityForTests());

  it('waits for the first page to render and for the calls it started to answer', async () => {
    const { client, resolveRoute, shown } = watchedLoad();
    const listing = pageQuery(client);
    await frames();
    expect(shown()).toBe(false); // the route is still loading
    resolveRoute();
    await frames();
    expect(shown()).toBe(false); // its listing has not answered
    listing.answer('ten jobs');
    await frames();
    expect(shown()).toBe(true);
  });

  it('counts a call the page makes once another has answered (the listing after the profile)', async () => {
    const { client, resolveRoute, shown } = watchedLoad();
    let answerProfile: (filters: string) => void = () => undefined;
    let answerListing: (jobs: string) => void = () => undefined;
    function Listing() {
      const profile = useQuery({
        queryKey: ['profile'],
        queryFn: () => new Promise<string>((resolve) => (answerProfile = resolve)),
      });
      useQuery({
        queryKey: ['listing', profile.data],
        queryFn: () => new Promise<string>((resolve) => (answerListing = resolve)),
        enabled: profile.data !== undefined,
      });
      return null;
    }
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    render(<Listing />, { wrapper });
    resolveRoute();
    await frames();
    answerProfile('React, TypeScript');
    await frames();
    expect(shown()).toBe(false); // the listing asked with the profile's filters
    answerListing('ten jobs');
    await frames();
    expect(shown()).toBe(true);
  });

  it('waits for a page still rendering an answer it has in a deferred pass', async () => {
    expectFirstScreen(5_000);
    const { resolveRoute, shown } = watchedLoad();
    function Rows({ pending }: { pending: boolean }) {
      useDeferredRender(pending);
      return null;
    }
    const page = render(<Rows pending />);
    resolveRoute();
    await frames();
    expect(shown()).toBe(false); // the rows it has are not on screen yet
    page.rerender(<Rows pending={false} />);
    await frames();
    expect(shown()).toBe(true);
  });

  it('does not wait for answers while offline: there is no connection to share', async () => {
    const { client, resolveRoute, shown } = watchedLoad();
    pageQuery(client);
    resolveRoute();
    await frames();
    expect(shown()).toBe(false);
    reportNetworkOutcome(false);
    await frames();
    expect(shown()).toBe(true);
  });

  it('gives up waiting after its limit, so queued actions are still sent', async () => {
    const { client, shown } = watchedLoad(100);
    pageQuery(client);
    await frames(20);
    expect(shown()).toBe(false);
    await frames(150);
    expect(shown()).toBe(true);
  });
});

describe('useFirstScreenShown', () => {
  it("is false until the page load's first screen is shown (here: its limit), then true", async () => {
    expectFirstScreen(150);
    const seen: boolean[] = [];
    function Probe() {
      seen.push(useFirstScreenShown());
      return null;
    }
    render(<Probe />);
    await frames(60);
    expect(seen).toEqual([false]);
    await waitFor(() => expect(seen.at(-1)).toBe(true));
    // A component mounted afterwards knows at once.
    const later: boolean[] = [];
    function Later() {
      later.push(useFirstScreenShown());
      return null;
    }
    render(<Later />);
    expect(later).toEqual([true]);
  });
});
