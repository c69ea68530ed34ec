// Small request and response helpers of the email fake; the rest is the shared skeleton
// (../fake-server.ts).
import type { ServerResponse } from "node:http";
import { writeJson } from "../fake-server.ts";

export { ControlError, readBody, readJsonObject } from "../fake-server.ts";

export function sendJson(res: ServerResponse, status: number, body: unknown) {
  writeJson(res, status, JSON.stringify(body), "application/json");
}
