// Entry point of the `api` edge function.
import { connect } from "../_shared/db.ts";
import { keepServingOnStrayErrors } from "../_shared/process-guard.ts";
import { readEnv } from "../_shared/env.ts";
import { runAfterResponse, serve } from "../_shared/function-entry.ts";
import { createApp } from "./app.ts";

keepServingOnStrayErrors("api");

const env = await readEnv();
const app = createApp({ ...env, sql: connect(env.databaseUrl), runAfterResponse });
serve(app.fetch);
