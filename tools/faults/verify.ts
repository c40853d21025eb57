import { Client } from 'pg';
import type { LogLine } from './service-process';
import type { AcceptedJob } from './traffic';

export interface Verdict {
  failures: string[];
  completed: number;
  attempts: Record<string, number>;
  leftUnfinished: number;
}

interface Row {
  id: string;
  status: string;
  attempts: number;
  formats: string[] | null;
  requested: string[];
  empty: number;
}

/**
 * What the faults must not break: every accepted job COMPLETED with one output per
 * requested format, its attempts recorded, completed exactly once (one
 * `job.completed` across all worker logs), and nothing left unfinished.
 */
export async function verify(databaseUrl: string, accepted: AcceptedJob[], workerLogs: LogLine[]): Promise<Verdict> {
  const failures: string[] = [];
  const db = new Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const { rows } = await db.query<Row>(
      `SELECT j.id, j.status, j.attempts, j.requested_formats AS requested,
              array_agg(o.format ORDER BY o.format) FILTER (WHERE o.format IS NOT NULL) AS formats,
              count(*) FILTER (WHERE o.content = '')::int AS empty
         FROM jobs j LEFT JOIN job_outputs o ON o.job_id = j.id
        WHERE j.id = ANY($1::uuid[])
        GROUP BY j.id`,
      [accepted.map((job) => job.id)],
    );
    const byId = new Map(rows.map((row) => [row.id, row]));
    const completions = new Map<string, number>();
    for (const line of workerLogs) {
      if (line.event === 'job.completed' && typeof line.jobId === 'string')
        completions.set(line.jobId, (completions.get(line.jobId) ?? 0) + 1);
    }
    const attempts: Record<string, number> = {};
    let completed = 0;
    for (const job of accepted) {
      const row = byId.get(job.id);
      if (!row) {
        failures.push(`${job.id} (${job.document}): accepted with ${job.answer} but not in the database`);
        continue;
      }
      attempts[row.attempts] = (attempts[row.attempts] ?? 0) + 1;
      if (row.status !== 'COMPLETED') {
        failures.push(`${job.id} (${job.document}): ${row.status} after ${row.attempts} attempts`);
        continue;
      }
      completed += 1;
      const want = [...job.formats].sort().join(',');
      const got = (row.formats ?? []).join(',');
      if (got !== want) failures.push(`${job.id} (${job.document}): outputs [${got}], requested [${want}]`);
      if (row.empty > 0) failures.push(`${job.id} (${job.document}): ${row.empty} empty output(s)`);
      if (row.attempts < 1) failures.push(`${job.id} (${job.document}): COMPLETED with attempts ${row.attempts}`);
      // The database proves "once": outputs are keyed by (job, format) and COMPLETED is
      // a conditional update. The logs can only add "not twice": a worker SIGKILLed just
      // after its commit loses the job.completed line it had not yet flushed.
      const times = completions.get(job.id) ?? 0;
      if (times > 1) failures.push(`${job.id} (${job.document}): completed ${times} times according to the worker logs`);
    }
    const { rows: unfinished } = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM jobs WHERE status IN ('CREATED', 'IN_PROGRESS')`,
    );
    const leftUnfinished = unfinished[0]?.n ?? 0;
    if (leftUnfinished > 0) failures.push(`${leftUnfinished} job(s) left CREATED or IN_PROGRESS`);
    return { failures, completed, attempts, leftUnfinished };
  } finally {
    await db.end();
  }
}

/** Rows not yet finished among the accepted ones (and any other). */
export async function unfinishedCount(databaseUrl: string): Promise<number> {
  const db = new Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const { rows } = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM jobs WHERE status IN ('CREATED', 'IN_PROGRESS')`);
    return rows[0]?.n ?? 0;
  } finally {
    await db.end();
  }
}
