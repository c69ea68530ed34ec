// The local stack's pg_cron and pg_net workers. Hosted Supabase runs the jobs of cron.job in the
// database (pg_cron) and sends the requests net.http_post queued once their transaction commits
// (pg_net). A plain PostgreSQL has neither, so the bootstrap gives it stand-in schemas with the
// same tables and functions (local-stack/bootstrap.sql) and this module does the background part:
//   - at the start of every minute (UTC, as pg_cron), each active job whose schedule matches runs
//     its command as the job's user, at most one run of a job at a time; the run is recorded in
//     cron.job_run_details, followed by a `cron_job_run` notification (the job's name);
//   - every request queued in net.http_request_queue (the stand-in's net.http_post notifies
//     `net_http_request` on commit) is sent from Node with its own timeout, and the answer
//     recorded in net._http_response, followed by a `net_http_response` notification.
// So the migration's jobs call the same endpoints, with the same headers, on the same schedule.
import postgres from "postgres";
import { quoteIdent } from "./realtime/sql-quote.ts";

// --- cron expressions ---------------------------------------------------------------------------

const FIELDS = [
  { name: "minute", min: 0, max: 59 },
  { name: "hour", min: 0, max: 23 },
  { name: "day of month", min: 1, max: 31 },
  { name: "month", min: 1, max: 12 },
  { name: "day of week", min: 0, max: 7 }, // 0 and 7 are both Sunday
] as const;

export interface CronSchedule {
  minutes: Set<number>;
  hours: Set<number>;
  days: Set<number>;
  months: Set<number>;
  weekdays: Set<number>;
  /** Cron's rule: when both day fields are restricted, a day matching either one runs. */
  daysRestricted: boolean;
  weekdaysRestricted: boolean;
}

function parseField(text: string, field: (typeof FIELDS)[number]): Set<number> {
  const values = new Set<number>();
  for (const part of text.split(",")) {
    const match = /^(\*|(\d+)(?:-(\d+))?)(?:\/(\d+))?$/.exec(part);
    if (!match) throw new Error(`invalid ${field.name} field: ${text}`);
    const [, range, from, to, step] = match;
    const start = range === "*" ? field.min : Number(from);
    const end = range === "*" ? field.max : to !== undefined ? Number(to) : step !== undefined ? field.max : start;
    const by = step === undefined ? 1 : Number(step);
    if (start < field.min || end > field.max || start > end || by < 1) {
      throw new Error(`invalid ${field.name} field: ${text}`);
    }
    for (let value = start; value <= end; value += by) values.add(value);
  }
  return values;
}

/** A standard five-field cron expression (numbers, `*`, lists, ranges and steps). */
export function parseCron(expression: string): CronSchedule {
  const parts = expression.trim().split(/\s+/);
  if (parts.length !== 5) throw new Error(`a schedule has five fields: ${expression}`);
  const [minutes, hours, days, months, weekdays] = parts.map((part, i) => parseField(part, FIELDS[i]));
  if (weekdays.has(7)) weekdays.add(0);
  return {
    minutes,
    hours,
    days,
    months,
    weekdays,
    daysRestricted: parts[2] !== "*",
    weekdaysRestricted: parts[4] !== "*",
  };
}

/** Whether the schedule runs in the minute of `at` (UTC, as pg_cron's default cron.timezone). */
export function cronMatches(schedule: CronSchedule, at: Date): boolean {
  if (!schedule.minutes.has(at.getUTCMinutes()) || !schedule.hours.has(at.getUTCHours())) return false;
  if (!schedule.months.has(at.getUTCMonth() + 1)) return false;
  const day = schedule.days.has(at.getUTCDate());
  const weekday = schedule.weekdays.has(at.getUTCDay());
  if (schedule.daysRestricted && schedule.weekdaysRestricted) return day || weekday;
  return day && weekday;
}

// --- the workers --------------------------------------------------------------------------------

interface Job {
  jobid: string;
  jobname: string | null;
  schedule: string;
  command: string;
  username: string;
}

interface QueuedRequest {
  id: string;
  method: string;
  url: string;
  headers: Record<string, string>;
  body: Buffer | null;
  timeout_milliseconds: number;
}

export interface Scheduler {
  stop(): Promise<void>;
}

/** Sets the Vault secrets the scheduled jobs read (creates them, or replaces their values). */
export async function seedVault(adminUrl: string, secrets: Record<string, string>): Promise<void> {
  const sql = postgres(adminUrl, { max: 1, onnotice: () => {} });
  try {
    for (const [name, value] of Object.entries(secrets)) {
      const [existing] = await sql<{ id: string }[]>`select id from vault.decrypted_secrets where name = ${name}`;
      if (existing) await sql`select vault.update_secret(${existing.id}::uuid, ${value})`;
      else await sql`select vault.create_secret(${value}, ${name})`;
    }
  } finally {
    await sql.end();
  }
}

/** Starts the workers on a superuser connection (pg_cron and pg_net run as one on hosted). */
export async function startScheduler(opts: { adminUrl: string; log: (line: string) => void }): Promise<Scheduler> {
  const sql = postgres(opts.adminUrl, { max: 4, onnotice: () => {} });
  const running = new Set<string>();
  const work = new Set<Promise<unknown>>();
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  // Ends requests still in flight at stop, rather than waiting out their timeouts (up to a minute).
  const stopping = new AbortController();

  const track = (promise: Promise<unknown>) => {
    work.add(promise);
    void promise.finally(() => work.delete(promise));
  };

  async function runJob(job: Job) {
    if (running.has(job.jobid)) return; // pg_cron: one run of a job at a time
    running.add(job.jobid);
    const start = new Date();
    let status = "succeeded";
    let message = "";
    try {
      await sql.begin(async (tx) => {
        await tx.unsafe(`set local role ${quoteIdent(job.username)}`);
        const result = await tx.unsafe(job.command);
        message = `${result.count ?? result.length} row(s)`;
      });
    } catch (error) {
      status = "failed";
      message = error instanceof Error ? error.message : String(error);
      opts.log(`[scheduler] job ${job.jobname ?? job.jobid} failed: ${message}`);
    } finally {
      running.delete(job.jobid);
    }
    await sql`
      insert into cron.job_run_details (jobid, database, username, command, status, return_message, start_time, end_time)
      values (${job.jobid}, current_database(), ${job.username}, ${job.command}, ${status}, ${message}, ${start}, now())`;
    // For whoever waits on a run (tests): a run has happened, as cron.job_run_details now says.
    await sql`select pg_notify('cron_job_run', ${job.jobname ?? job.jobid})`;
  }

  async function tick(at: Date) {
    const jobs = await sql<Job[]>`
      select jobid::text, jobname, schedule, command, username from cron.job where active order by jobid`;
    for (const job of jobs) {
      let schedule: CronSchedule;
      try {
        schedule = parseCron(job.schedule);
      } catch (error) {
        opts.log(`[scheduler] job ${job.jobname ?? job.jobid}: ${error instanceof Error ? error.message : error}`);
        continue;
      }
      if (cronMatches(schedule, at)) track(runJob(job));
    }
  }

  function nextTick() {
    if (stopped) return;
    const now = Date.now();
    const minute = Math.floor(now / 60_000) * 60_000 + 60_000;
    // A timer to the next minute boundary: that is when pg_cron starts the minute's jobs.
    timer = setTimeout(() => {
      track(tick(new Date(minute)).catch((error) => opts.log(`[scheduler] ${error}`)));
      nextTick();
    }, minute - now);
  }

  async function send(request: QueuedRequest) {
    let answer: {
      status_code: number | null;
      content_type: string | null;
      headers: Record<string, string> | null;
      content: string | null;
      timed_out: boolean;
      error_msg: string | null;
    };
    try {
      const res = await fetch(request.url, {
        method: request.method,
        headers: request.headers,
        body: request.body ? new Uint8Array(request.body) : undefined,
        signal: AbortSignal.any([AbortSignal.timeout(request.timeout_milliseconds), stopping.signal]),
      });
      const content = await res.text();
      answer = {
        status_code: res.status,
        content_type: res.headers.get("content-type"),
        headers: Object.fromEntries(res.headers),
        content: content.slice(0, 100_000),
        timed_out: false,
        error_msg: null,
      };
      if (!res.ok)
        opts.log(`[scheduler] ${request.method} ${request.url}: HTTP ${res.status} ${content.slice(0, 200)}`);
    } catch (error) {
      const timedOut = error instanceof Error && error.name === "TimeoutError";
      const message = timedOut
        ? `Timeout of ${request.timeout_milliseconds} ms reached`
        : error instanceof Error
          ? error.message
          : String(error);
      answer = {
        status_code: null,
        content_type: null,
        headers: null,
        content: null,
        timed_out: timedOut,
        error_msg: message,
      };
      opts.log(`[scheduler] ${request.method} ${request.url}: ${message}`);
    }
    await sql`
      insert into net._http_response (id, status_code, content_type, headers, content, timed_out, error_msg)
      values (${request.id}, ${answer.status_code}, ${answer.content_type}, ${answer.headers ? sql.json(answer.headers) : null},
              ${answer.content}, ${answer.timed_out}, ${answer.error_msg})`;
    await sql`select pg_notify('net_http_response', ${request.id})`;
  }

  // One loop takes queued requests (each is taken once) and sends them concurrently; a
  // notification during the loop makes it look again.
  let sending: Promise<void> | null = null;
  let lookAgain = false;
  function sendQueued() {
    if (stopped) return;
    if (sending) {
      lookAgain = true;
      return;
    }
    sending = (async () => {
      do {
        lookAgain = false;
        for (;;) {
          const [request] = await sql<QueuedRequest[]>`
            delete from net.http_request_queue
            where id = (select id from net.http_request_queue order by id limit 1 for update skip locked)
            returning id::text, method, url, headers, body, timeout_milliseconds`;
          if (!request) break;
          track(send(request).catch((error) => opts.log(`[scheduler] recording request ${request.id}: ${error}`)));
        }
      } while (lookAgain && !stopped);
    })()
      .catch((error) => opts.log(`[scheduler] ${error}`))
      .finally(() => (sending = null));
    track(sending);
  }

  const listener = await sql.listen("net_http_request", () => sendQueued());
  sendQueued(); // whatever was queued while the stack was down
  nextTick();

  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      stopping.abort(new Error("the local stack stopped"));
      await listener.unlisten();
      while (work.size > 0) await Promise.allSettled([...work]);
      await sql.end({ timeout: 5 });
    },
  };
}
