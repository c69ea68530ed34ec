// What the tests' fake fetch answers with: a JSON response, as the API function writes it.

export function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
}
