/**
 * A background save, described as data (issue 24): what a network answer leaves on the device
 * so its screen opens offline later. Data, not a function, so it can be posted to the device-save
 * worker (src/workers/device-save-worker.ts), which writes it off the main thread on a first
 * visit; where the page has the database code already it is written here (loader.ts).
 */
import { upsertCompanies } from './companies';
import { upsertJobs } from './jobs';
import { recordListingPage } from './listings';
import type { CompanyRecord, JobRecord } from './types';

/** A fetched page of a listing: the first replaces the listing, later ones extend it. */
export interface ListingPageSave {
  readonly key: string;
  readonly ids: readonly string[];
  readonly lastKey: string | null;
  readonly first: boolean;
}

export type DeviceSave =
  | {
      readonly kind: 'jobs';
      readonly rows: readonly JobRecord[];
      /** Absent for rows fetched on their own (a job page). */
      readonly listing?: ListingPageSave;
    }
  | {
      readonly kind: 'companies';
      readonly rows: readonly CompanyRecord[];
      readonly listing?: ListingPageSave;
    };

/** The page's message to the device-save worker, and its answer. */
export interface DeviceSaveRequest {
  readonly id: number;
  readonly save: DeviceSave;
}

/** `error` is set when the write failed (the page logs it; the screen already shows the data). */
export interface DeviceSaveReply {
  readonly id: number;
  readonly error?: string;
}

export async function applyDeviceSave(save: DeviceSave): Promise<void> {
  if (save.kind === 'jobs') await upsertJobs(save.rows);
  else await upsertCompanies(save.rows);
  if (save.listing) await recordListingPage({ ...save.listing, kind: save.kind });
}
