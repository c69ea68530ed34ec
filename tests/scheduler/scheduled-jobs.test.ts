// The migration's scheduled jobs running in the local stack as pg_cron and pg_net run them on a
// hosted project: the drain job's command queues its request (project URL and secret key from
// Vault, the key as `apikey`), the scheduler sends it, and telegram-webhook answers it. The same
// request with a wrong key, or with the secret key as a bearer token, is refused. And the job
// really runs on its every-minute schedule.
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LOCAL_SECRET_KEY } from "../../local-stack/keys.ts";
import { databaseUrl, stackUrl } from "../helpers/stack.ts";

let sql: postgres.Sql;
const responses = new Map<string, (id: string) => void>();
const runs: ((job: string) => void)[] = [];

beforeAll(async () => {
  sql = postgres(databaseUrl(), { max: 2, onnotice: () => {} });
  await sql.listen("net_http_response", (id) => responses.get(id)?.(id));
  await sql.listen("cron_job_run", (job) => runs.forEach((notify) => notify(job)));
});

afterAll(async () => {
  await sql?.end();
});

interface Answer {
  status_code: number | null;
  content: string | null;
  error_msg: string | null;
}

/**
 * Queues a request inside one transaction (`queue` returns its id) and waits for the scheduler's
 * answer. The waiter is registered before the commit: the answer may come right after it.
 */
async function sent(queue: (tx: postgres.TransactionSql) => Promise<string>): Promise<Answer> {
  let settle!: (id: string) => void;
  const answered = new Promise<string>((resolve) => (settle = resolve));
  const id = await sql.begin(async (tx) => {
    const queued = await queue(tx);
    responses.set(queued, settle);
    return queued;
  });
  try {
    await answered;
  } finally {
    responses.delete(id);
  }
  const [answer] = await sql<Answer[]>`select status_code, content, error_msg from net._http_response where id = ${id}`;
  return answer;
}

async function runCommandOf(tx: postgres.TransactionSql, job: string): Promise<string> {
  const [{ command }] = await tx<{ command: string }[]>`select command from cron.job where jobname = ${job}`;
  const [{ request_id }] = await tx.unsafe(command);
  return String(request_id);
}

describe("the Telegram drain job", () => {
  it("reaches telegram-webhook /drain with the secret key from Vault, which accepts it", async () => {
    const [vault] = await sql`
      select (select decrypted_secret from vault.decrypted_secrets where name = 'project_url') as url,
             (select decrypted_secret from vault.decrypted_secrets where name = 'secret_key') as key`;
    // What the stack put in Vault, as a project's deploy steps do: its own origin and secret key.
    expect(vault).toEqual({ url: stackUrl(), key: LOCAL_SECRET_KEY });

    const answer = await sent((tx) => runCommandOf(tx, "drain-telegram-outbox"));
    expect(answer).toMatchObject({ status_code: 200, error_msg: null });
    expect(JSON.parse(answer.content ?? "")).toEqual({
      sent: expect.any(Number),
      retrying: expect.any(Number),
      unlinked: expect.any(Number),
      failed: expect.any(Number),
    });
  });

  it("is refused with a wrong key in Vault", async () => {
    const answer = await sent(async (tx) => {
      // The wrong key is in Vault only while this transaction queues the request: the every-minute
      // run never sees it.
      const [{ id, secret }] = await tx`
        select id, decrypted_secret as secret from vault.decrypted_secrets where name = 'secret_key'`;
      await tx`select vault.update_secret(${id}, 'sb_secret_not-the-projects')`;
      const requestId = await runCommandOf(tx, "drain-telegram-outbox");
      await tx`select vault.update_secret(${id}, ${secret})`;
      return requestId;
    });
    expect(answer).toMatchObject({ status_code: 401, content: "A secret key is required in the apikey header" });
  });

  it("is refused when the secret key goes as a bearer token instead of apikey", async () => {
    const answer = await sent(async (tx) => {
      const [{ request_id }] = await tx`
        select net.http_post(
          url := (select decrypted_secret from vault.decrypted_secrets where name = 'project_url')
            || '/functions/v1/telegram-webhook/drain',
          headers := jsonb_build_object('authorization',
            'Bearer ' || (select decrypted_secret from vault.decrypted_secrets where name = 'secret_key')),
          timeout_milliseconds := 15000) as request_id`;
      return String(request_id);
    });
    expect(answer).toMatchObject({ status_code: 401, content: "A secret key is required in the apikey header" });
  });

  it("runs on its schedule, every minute", { timeout: 90_000 }, async () => {
    const ran = new Promise<void>((resolve) => runs.push((job) => job === "drain-telegram-outbox" && resolve()));
    const since = new Date();
    await ran; // the next minute's run (at most a minute away)
    const [run] = await sql`
      select d.status, d.start_time from cron.job_run_details d join cron.job j using (jobid)
      where j.jobname = 'drain-telegram-outbox' and d.start_time >= ${since}
      order by d.start_time desc limit 1`;
    expect(run.status).toBe("succeeded");
    // Started at the minute's boundary (a few seconds of slack for a loaded machine).
    expect((run.start_time as Date).getUTCSeconds()).toBeLessThan(5);
  });
});
