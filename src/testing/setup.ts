// Before every SPA unit test file (vitest.config.ts): the fake API behind fetch, and after each
// test the rendered trees unmounted, the language put back to English (most files share one
// environment, so a test that ends in Khmer, or fails there, would leave the next file in Khmer),
// the browser storage emptied (a session pair left about to expire would be refreshed by the next
// file's app, calling a route that file never answers), and the fake's problems (a route no test answered, an answer outside the contract) turned into
// the test's failure.
import { cleanup, configure } from "@testing-library/react";
import { afterEach, beforeEach } from "vitest";
import { setLocale } from "@/lib/i18n/index.ts";
import { FakeXMLHttpRequest, fakeApi } from "./fake-api.ts";

globalThis.fetch = fakeApi.fetch;
globalThis.XMLHttpRequest = FakeXMLHttpRequest as unknown as typeof XMLHttpRequest;
// Testing Library sets this only where vitest's globals are on; act() of a test needs it too.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

// waitFor and findBy… wait up to 3 s (Testing Library's default is 1 s): a loaded CI machine
// runs these tests beside the integration layer.
configure({ asyncUtilTimeout: 3000 });

beforeEach(() => {
  fakeApi.reset();
});

afterEach(async () => {
  cleanup();
  await setLocale("en");
  localStorage.clear();
  sessionStorage.clear();
  const problems = fakeApi.takeProblems();
  if (problems.length > 0) throw new Error(`The fake API saw:\n${problems.join("\n")}`);
});
