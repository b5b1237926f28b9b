import '@tanstack/react-query';

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: {
      /** Persist this query's data to localStorage (see app/query-client.ts). */
      persist?: boolean;
    };
  }
}
