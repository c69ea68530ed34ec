// deploy:verify against local servers standing in for a project's /auth/v1/.well-known/jwks.json:
// it says Realtime will accept our tokens only when the project's key set holds our kid with our
// public key, and otherwise says what is wrong and what to do. It never prints the private key.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { generateKeyPair, exportJWK } from "jose";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { main, publicKeyOf } from "../../local-stack/deploy-verify.ts";
import { freePort } from "../../local-stack/free-port.ts";
import { LOCAL_SIGNING_KEY } from "../../local-stack/keys.ts";

const ours = publicKeyOf(LOCAL_SIGNING_KEY);
const privateD = (JSON.parse(LOCAL_SIGNING_KEY) as { d: string }).d;

/** What the fake project answers at /auth/v1/.well-known/jwks.json: a status and a body. */
let answer: { status: number; body: string } = { status: 200, body: "{}" };
const requested: string[] = [];
let server: Server;
let projectUrl: string;
let workDir: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    requested.push(req.url ?? "");
    if (req.url !== "/auth/v1/.well-known/jwks.json") return void res.writeHead(404).end();
    res.writeHead(answer.status, { "content-type": "application/json" }).end(answer.body);
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  projectUrl = `http://127.0.0.1:${port}`;
  workDir = mkdtempSync(join(tmpdir(), "deploy-verify-"));
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  rmSync(workDir, { recursive: true, force: true });
});

afterEach(() => {
  vi.restoreAllMocks();
  requested.length = 0;
});

const publicJwk = { kty: "EC", crv: "P-256", x: ours.x, y: ours.y, kid: ours.kid, alg: "ES256", use: "sig" };
const serve = (keys: unknown[]) => (answer = { status: 200, body: JSON.stringify({ keys }) });

/** Runs the command line and returns its exit code and everything it printed. */
async function run(argv: string[], env: NodeJS.ProcessEnv = { JWT_SIGNING_KEY: LOCAL_SIGNING_KEY }) {
  const printed: string[] = [];
  vi.spyOn(console, "log").mockImplementation((line: string) => void printed.push(line));
  vi.spyOn(console, "error").mockImplementation((line: string) => void printed.push(line));
  const code = await main(argv, env);
  const output = printed.join("\n");
  expect(output).not.toContain(privateD);
  return { code, output };
}

describe("npm run deploy:verify", () => {
  it("says Realtime will accept our tokens when the project's key set holds our key", async () => {
    const { generated } = await otherKey("legacy-standby");
    serve([generated, publicJwk]);
    const { code, output } = await run([projectUrl]);
    expect(requested).toEqual(["/auth/v1/.well-known/jwks.json"]);
    expect(code).toBe(0);
    expect(output).toContain(`kid ${ours.kid}`);
    expect(output).toContain("Realtime will accept the tokens");
  });

  it("reads the key from a --key file as well, and takes a trailing slash on the URL", async () => {
    serve([publicJwk]);
    const file = join(workDir, "signing-key.json");
    writeFileSync(file, LOCAL_SIGNING_KEY);
    expect((await run([`${projectUrl}/`, "--key", file], {})).code).toBe(0);
  });

  it("says our key is missing, names the kids there and how to import ours", async () => {
    const { generated } = await otherKey("project-own-key");
    serve([generated]);
    const { code, output } = await run([projectUrl]);
    expect(code).toBe(1);
    expect(output).toContain(
      `Our signing key (kid ${ours.kid}) is not in the project's key set (kids: project-own-key)`,
    );
    expect(output).toContain("Realtime will refuse every token");
    expect(output).toContain("Import an existing private key");
  });

  it("says when the project's key with our kid is a different key", async () => {
    const { generated } = await otherKey(ours.kid);
    serve([generated]);
    const { code, output } = await run([projectUrl]);
    expect(code).toBe(1);
    expect(output).toContain(`The project's key with kid ${ours.kid} is a different key (x, y differ)`);
  });

  it("says when the project URL does not serve a key set", async () => {
    answer = { status: 404, body: "{}" };
    expect(await run([projectUrl])).toEqual({ code: 1, output: expect.stringContaining("answered HTTP 404") });
    answer = { status: 200, body: "<html>" };
    expect(await run([projectUrl])).toEqual({ code: 1, output: expect.stringContaining("did not answer JSON") });
    answer = { status: 200, body: "{}" };
    expect(await run([projectUrl])).toEqual({ code: 1, output: expect.stringContaining('no "keys" array') });
    const closed = `http://127.0.0.1:${await freePort()}`;
    expect(await run([closed])).toEqual({ code: 1, output: expect.stringContaining("Could not fetch") });
  });

  it("explains its usage and a missing or malformed key", async () => {
    expect((await run([])).code).toBe(2);
    expect(await run([projectUrl], {})).toEqual({ code: 2, output: expect.stringContaining("no signing key") });
    expect(await run([projectUrl], { JWT_SIGNING_KEY: '{"kty":"RSA"}' })).toEqual({
      code: 2,
      output: expect.stringContaining("not an EC P-256"),
    });
  });
});

async function otherKey(kid: string) {
  const { publicKey } = await generateKeyPair("ES256", { extractable: true });
  return { generated: { ...(await exportJWK(publicKey)), kid, alg: "ES256", use: "sig" } };
}
