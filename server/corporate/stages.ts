/**
 * A company's pipeline stages (issue 20): its own rows in pipeline_stages, or the default stages
 * when it has none. Saving replaces the list in one transaction; a stage that still holds
 * applicants is not removed (409), and applied/hired/rejected always stay (they may be renamed).
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import {
  DEFAULT_STAGES,
  FIXED_STAGE_KEYS,
  PipelineErrors,
  type Stage,
  type StagesInput,
} from '../../src/domain/contract/corporate-pipeline';
import { stageOf } from '../../src/domain/pipeline-stages';
import type { Database } from '../db/client';
import { jobApplications, jobs, pipelineStages } from '../db/schema';
import { HttpError } from '../http/errors';

type Reader = Pick<Database, 'select'>;

export async function loadStages(db: Reader, companyId: string): Promise<Stage[]> {
  const rows = await db
    .select({ key: pipelineStages.key, label: pipelineStages.label, status: pipelineStages.status })
    .from(pipelineStages)
    .where(eq(pipelineStages.companyId, companyId))
    .orderBy(pipelineStages.position);
  if (rows.length === 0) return DEFAULT_STAGES.map((s) => ({ ...s }));
  return rows as Stage[];
}

function newKey(label: string, taken: ReadonlySet<string>): string {
  const base =
    label
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 30) || 'stage';
  let key = base;
  while (taken.has(key)) key = `${base}-${randomBytes(2).toString('hex')}`;
  return key;
}

/** Replaces the company's stages; returns the saved list. */
export async function saveStages(
  db: Database,
  companyId: string,
  input: StagesInput,
): Promise<Stage[]> {
  return db.transaction(async (tx) => {
    const current = await loadStages(tx, companyId);
    const currentKeys = new Set(current.map((s) => s.key));
    const taken = new Set<string>();
    const next: Stage[] = [];
    for (const stage of input.stages) {
      // A key the pipeline does not have is not the caller's to invent: it becomes a new stage.
      const key =
        stage.key && currentKeys.has(stage.key) && !taken.has(stage.key)
          ? stage.key
          : newKey(stage.label, new Set([...taken, ...currentKeys]));
      taken.add(key);
      next.push({ key, label: stage.label, status: stage.status });
    }
    for (const fixed of FIXED_STAGE_KEYS) {
      if (!taken.has(fixed)) throw new HttpError(400, PipelineErrors.missingDefaultStage);
    }
    const removed = current.filter((s) => !taken.has(s.key));
    if (removed.length > 0) {
      const held = await tx
        .select({ stage: jobApplications.stage, status: jobApplications.status })
        .from(jobApplications)
        .innerJoin(jobs, eq(jobs.id, jobApplications.jobId))
        .where(eq(jobs.companyId, companyId));
      const removedKeys = new Set(removed.map((s) => s.key));
      if (held.some((a) => removedKeys.has(stageOf(a, current)))) {
        throw new HttpError(409, PipelineErrors.stagesInUse);
      }
    }
    await tx.delete(pipelineStages).where(eq(pipelineStages.companyId, companyId));
    await tx
      .insert(pipelineStages)
      .values(next.map((s, position) => ({ companyId, position, ...s })));
    // Applications whose stage now shows another state follow it (a stage's state was changed).
    for (const stage of next) {
      await tx
        .update(jobApplications)
        .set({ status: stage.status, updatedAt: sql`now()` })
        .where(
          and(
            eq(jobApplications.stage, stage.key),
            sql`${jobApplications.status} <> ${stage.status}`,
            inArray(
              jobApplications.jobId,
              tx.select({ id: jobs.id }).from(jobs).where(eq(jobs.companyId, companyId)),
            ),
          ),
        );
    }
    return next;
  });
}
