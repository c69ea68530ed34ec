// A function that fails after it began answering (an export whose database went away) ends its
// side of the connection mid-body. The gateway must cut the client's connection too, as the
// platform's proxy does, so the client sees a broken download, never a wait for the rest that
// will not come. A gateway in this process, in front of a stand-in function that does just that.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createGateway } from "../../local-stack/gateway.ts";

let fn: Server;
let gateway: Server;
let gatewayUrl: string;

function listen(server: Server): Promise<string> {
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)),
  );
}

beforeAll(async () => {
  // A CSV download that breaks after its first lines, each big enough to pass the gateway's
  // compression threshold or not, as the client asks.
  fn = createServer((_req, res) => {
    res.writeHead(200, { "content-type": "text/csv; charset=utf-8" });
    res.write(`a,b\r\n${"1,2\r\n".repeat(1_000)}`, () => res.socket?.destroy());
  });
  const fnUrl = await listen(fn);
  gateway = createGateway({
    apiUrl: fnUrl,
    instagramWebhookUrl: fnUrl,
    facebookWebhookUrl: fnUrl,
    telegramWebhookUrl: fnUrl,
    // Not reached by these requests.
    realtime: undefined as never,
    storage: undefined as never,
    spaDir: "/nonexistent",
  });
  gatewayUrl = await listen(gateway);
});
afterAll(async () => {
  gateway.closeAllConnections();
  fn.closeAllConnections();
  await Promise.all([new Promise((resolve) => gateway.close(resolve)), new Promise((resolve) => fn.close(resolve))]);
});

describe("an answer cut short by the function", () => {
  for (const encoding of ["identity", "gzip", "br"]) {
    it(`ends the client's download with an error (accept-encoding: ${encoding})`, async () => {
      // Broken before or after the status line, as the bytes happen to arrive: either way no wait.
      const outcome = await fetch(`${gatewayUrl}/functions/v1/api/admin/orders/export`, {
        headers: { "accept-encoding": encoding },
        // Only so that a gateway that waits for ever fails the test instead of hanging it.
        signal: AbortSignal.timeout(10_000),
      })
        .then((res) => res.arrayBuffer())
        .then(
          () => "complete",
          (error: Error) => (error.name === "TimeoutError" ? "still waiting after 10 s" : "broken"),
        );
      expect(outcome).toBe("broken");
    });
  }
});
