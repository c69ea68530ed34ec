// No stray error may end a function's process: hosted, that drops every request in flight on the
// worker. The one seen: postgres.js 3.4.9, when a connection closes in the middle of a transaction
// (a backend killed, a failover), still sends the ROLLBACK of its begin(), and the deferred write
// (setImmediate in connection.js nextWrite) finds the socket gone: `TypeError: Cannot read
// properties of null (reading 'write')`, thrown outside any request. It is logged, the process
// serves on, and db.ts has already replaced the failed connection.
export function keepServingOnStrayErrors(functionName: string) {
  globalThis.addEventListener("error", (event) => {
    event.preventDefault();
    console.error(`[${functionName}] uncaught error, still serving:`, event.error);
  });
  globalThis.addEventListener("unhandledrejection", (event) => {
    event.preventDefault();
    console.error(`[${functionName}] unhandled rejection, still serving:`, event.reason);
  });
}
