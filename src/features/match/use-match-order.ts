import { useEffect, useMemo, useState } from 'react';
import { useSession } from '@/lib/auth';
import { afterFirstScreen } from '@/lib/first-screen-shown';
import type { JobRecord } from '@/lib/db';
import { isCandidate } from './is-candidate';
import type { Ranking } from './match-ranking';

/**
 * spec §9 order for a signed-in candidate with a profile (match-ranking.ts); everyone else keeps
 * the server's order (spec §6). The ranking, the scoring readers and the profile record load only
 * for a candidate (a signed-out listing carries none of them, issue 24 item 2), and only once the
 * page's first screen is shown (lib/first-screen-shown.ts: the listing's answer comes first). Until
 * they are in (or if their chunk cannot load) the rows keep the server's order, as before any
 * score exists.
 */
export function useMatchOrder<T extends JobRecord>(rows: T[]): T[] {
  const session = useSession();
  const sub = isCandidate(session) ? session.sub : null;
  const [ranked, setRanked] = useState<{ sub: string; ranking: Ranking } | null>(null);
  useEffect(() => {
    if (sub === null) return undefined;
    let stopped = false;
    let stop: (() => void) | undefined;
    afterFirstScreen(() => import('./match-ranking'))
      .then(({ watchRanking }) => {
        if (!stopped) stop = watchRanking(sub, (ranking) => setRanked({ sub, ranking }));
      })
      .catch(() => undefined);
    return () => {
      stopped = true;
      stop?.();
    };
  }, [sub]);
  return useMemo(
    () => (ranked !== null && ranked.sub === sub ? ranked.ranking(rows) : rows),
    [ranked, rows, sub],
  );
}
