import { readFileSync } from "node:fs";
import { createServer } from "node:net";

/**
 * A free loopback port for a server about to listen (never assume a fixed one is free).
 *
 * Not one the kernel hands out for port 0: those come from the ephemeral range, where every
 * outgoing connection (the database's clients, the functions' fetches) also takes its local port,
 * and one opened between this pick and the server's listen takes the port first (a stack start
 * once failed with EADDRINUSE that way). So the port is drawn at random from below that range,
 * checked to be free, and never handed out twice by this process. Where the range is unknown or
 * leaves no room below it, the kernel's pick it is.
 */
export async function freePort(): Promise<number> {
  const below = ephemeralRangeStart();
  if (below !== null && below - LOWEST > 1000) {
    for (let attempt = 0; attempt < 50; attempt++) {
      const port = LOWEST + Math.floor(Math.random() * (below - LOWEST));
      if (handedOut.has(port) || !(await canListen(port))) continue;
      handedOut.add(port);
      return port;
    }
  }
  return kernelPort();
}

/** Above the well-known and the commonly registered service ports. */
const LOWEST = 20000;
const handedOut = new Set<number>();

function ephemeralRangeStart(): number | null {
  try {
    const [low] = readFileSync("/proc/sys/net/ipv4/ip_local_port_range", "utf8").trim().split(/\s+/).map(Number);
    return Number.isInteger(low) ? low : null;
  } catch {
    return null;
  }
}

function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once("error", () => resolve(false));
    server.listen(port, "127.0.0.1", () => server.close(() => resolve(true)));
  });
}

function kernelPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => {
        if (address && typeof address === "object") resolve(address.port);
        else reject(new Error("no port"));
      });
    });
  });
}
