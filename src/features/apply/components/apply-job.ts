/** The job fields Apply reads (spec §4 Application): internal, or external with its site. */
export interface ApplyJob {
  readonly id: string;
  readonly jobTitle: string;
  readonly companyName: string;
  readonly isExternal?: boolean;
  readonly jobUrl?: string | null;
  readonly jobPortal?: unknown;
}
