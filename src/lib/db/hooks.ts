import { useLiveQuery } from 'dexie-react-hooks';

/**
 * Re-renders when the rows a query read change (Dexie's live queries). Features use this instead
 * of importing dexie-react-hooks (Dexie stays inside src/lib/db).
 */
export const useDbQuery = useLiveQuery;
