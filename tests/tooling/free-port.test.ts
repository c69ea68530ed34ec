// local-stack/free-port.ts: the ports the stack's servers are given are free when handed out, never
// the same twice in one process, and outside the kernel's ephemeral range, where an outgoing
// connection could take one before its server listens.
import { readFileSync } from "node:fs";
import { createServer } from "node:net";
import { describe, expect, it } from "vitest";
import { freePort } from "../../local-stack/free-port.ts";

const listens = (port: number) =>
  new Promise<boolean>((resolve) => {
    const server = createServer();
    server.once("error", () => resolve(false));
    server.listen(port, "127.0.0.1", () => server.close(() => resolve(true)));
  });

describe("freePort", () => {
  it("hands out distinct free ports below the ephemeral range", async () => {
    const [ephemeralStart] = readFileSync("/proc/sys/net/ipv4/ip_local_port_range", "utf8")
      .trim()
      .split(/\s+/)
      .map(Number);
    const ports: number[] = [];
    for (let i = 0; i < 100; i++) ports.push(await freePort());
    expect(new Set(ports).size).toBe(100);
    expect(ports.every((port) => port >= 20000 && port < ephemeralStart)).toBe(true);
    for (const port of ports.slice(0, 10)) expect(await listens(port)).toBe(true);
  });
});
