/** The device database's name (in its own file: checking it exists must not load Dexie). */
export const DB_NAME = 'referralhub';
