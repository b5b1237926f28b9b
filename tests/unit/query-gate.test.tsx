/**
 * TanStack Query's client on first use (src/lib/query-gate.tsx, issue 24): a page that reads no
 * query renders without it, one that does waits for it once, a client provided above is used as
 * it is, a failed load is tried again, and the page load's first screen is not counted shown
 * while its page waits for the client.
 */
import { QueryClient, QueryClientProvider, useQuery, useQueryClient } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as QueryGateModule from '@/lib/query-gate';

type Gate = typeof QueryGateModule;
let gate: Gate;

beforeEach(async () => {
  vi.resetModules();
  gate = await import('@/lib/query-gate');
});

afterEach(() => vi.restoreAllMocks());

/** A loader the test answers. */
function deferredLoader() {
  let answer: (client: QueryClient) => void = () => undefined;
  let fail: (error: Error) => void = () => undefined;
  const load = vi.fn(
    () =>
      new Promise<QueryClient>((resolve, reject) => {
        answer = resolve;
        fail = reject;
      }),
  );
  return { load, answer: (client: QueryClient) => answer(client), fail: (e: Error) => fail(e) };
}

/** Runs `work` in act and lets React finish what it started (a suspended render's retry). */
const inAct = (work: () => void) =>
  act(async () => {
    work();
    await Promise.resolve();
  });

function ClientName({ of }: { of: Map<QueryClient, string> }) {
  return <p>{`client: ${of.get(useQueryClient()) ?? 'unknown'}`}</p>;
}

describe('QueryGate', () => {
  it('renders a page that reads no query at once, without loading the client', () => {
    const { load } = deferredLoader();
    gate.setQueryClientLoader(load);
    render(
      <gate.QueryGate needed={false} fallback={<p>waiting</p>}>
        <p>home</p>
      </gate.QueryGate>,
    );
    expect(screen.getByText('home')).toBeInTheDocument();
    expect(load).not.toHaveBeenCalled();
  });

  it('waits for the client once, then gives it to what it renders', async () => {
    const { load, answer } = deferredLoader();
    gate.setQueryClientLoader(load);
    const client = new QueryClient();
    const names = new Map([[client, 'loaded']]);
    await inAct(() => {
      render(
        <>
          <gate.QueryGate fallback={<p>waiting</p>}>
            <ClientName of={names} />
          </gate.QueryGate>
          <gate.QueryGate>
            <ClientName of={names} />
          </gate.QueryGate>
        </>,
      );
    });
    expect(screen.getByText('waiting')).toBeInTheDocument();
    await inAct(() => answer(client));
    expect(await screen.findAllByText('client: loaded')).toHaveLength(2);
    expect(load).toHaveBeenCalledTimes(1);
    expect(gate.loadedQueryClient()).toBe(client);
    expect(gate.queryClientPending()).toBe(false);
  });

  it('starts loading after it has rendered, not while rendering', () => {
    const { load } = deferredLoader();
    gate.setQueryClientLoader(load);
    // A server render runs no effects: a gate that loaded while rendering would call it here.
    const html = renderToString(
      <gate.QueryGate fallback={<p>waiting</p>}>
        <p>page</p>
      </gate.QueryGate>,
    );
    expect(html).toContain('waiting');
    expect(load).not.toHaveBeenCalled();
  });

  it("takes over the load the app's entry started before the first render", async () => {
    const { load, answer } = deferredLoader();
    gate.setQueryClientLoader(load);
    gate.startQueryClient();
    gate.startQueryClient();
    expect(load).toHaveBeenCalledTimes(1);
    expect(gate.queryClientPending()).toBe(true);
    const client = new QueryClient();
    await inAct(() => {
      render(
        <gate.QueryGate fallback={<p>waiting</p>}>
          <ClientName of={new Map([[client, 'started early']])} />
        </gate.QueryGate>,
      );
    });
    await inAct(() => answer(client));
    expect(await screen.findByText('client: started early')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('uses a client provided above it and loads none', () => {
    const { load } = deferredLoader();
    gate.setQueryClientLoader(load);
    const above = new QueryClient();
    render(
      <QueryClientProvider client={above}>
        <gate.QueryGate>
          <ClientName of={new Map([[above, 'above']])} />
        </gate.QueryGate>
      </QueryClientProvider>,
    );
    expect(screen.getByText('client: above')).toBeInTheDocument();
    expect(load).not.toHaveBeenCalled();
  });

  it('tries a failed load again', async () => {
    const first = deferredLoader();
    gate.setQueryClientLoader(first.load);
    const attempt = gate.ensureQueryClient();
    expect(gate.queryClientPending()).toBe(true);
    first.fail(new Error('offline'));
    await expect(attempt).rejects.toThrow('offline');
    expect(gate.queryClientPending()).toBe(false);
    const client = new QueryClient();
    gate.setQueryClientLoader(() => Promise.resolve(client));
    await expect(gate.ensureQueryClient()).resolves.toBe(client);
  });
});

describe('the first screen of a page waiting for the client', () => {
  it('is not shown until the client is there and the page has its answer', async () => {
    const shownModule = await import('@/lib/first-screen-shown');
    const { load, answer } = deferredLoader();
    gate.setQueryClientLoader(load);
    let routeResolved: () => void = () => undefined;
    const router = {
      subscribe: (_event: 'onRendered', listener: () => void) => {
        routeResolved = listener;
        return () => undefined;
      },
    };
    let shown = false;
    void shownModule
      .whenFirstScreenShown(router, gate.loadedQueryClient, 5_000)
      .then(() => (shown = true));
    let answerListing: (jobs: string) => void = () => undefined;
    function Listing() {
      useQuery({
        queryKey: ['listing'],
        queryFn: () => new Promise<string>((resolve) => (answerListing = resolve)),
      });
      return null;
    }
    await inAct(() => {
      render(
        <gate.QueryGate>
          <Listing />
        </gate.QueryGate>,
      );
    });
    expect(gate.queryClientPending()).toBe(true);
    routeResolved();
    const frames = () => new Promise((resolve) => setTimeout(resolve, 60));
    await frames();
    expect(shown).toBe(false); // the page waits for the client
    // Loaded, but not yet rendered with it (here: outside act, React has not): still not shown.
    answer(new QueryClient());
    await frames();
    expect(shown).toBe(false);
    await inAct(() => undefined);
    expect(gate.queryClientPending()).toBe(false);
    expect(shown).toBe(false); // its listing has not answered
    await inAct(() => answerListing('ten jobs'));
    await frames();
    expect(shown).toBe(true);
  });
});
