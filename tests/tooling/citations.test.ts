// Comments and docs cite what a reader of the repository can open: a docs/ file and its section.
// The original specification and the team's guide are not in the repository, so a citation of a
// numbered section of either ("SPEC" or "GUIDE" followed by a section sign) leads nowhere.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const root = join(import.meta.dirname, "..", "..");
const SECTION_SIGN = "\u00a7";
const DANGLING = new RegExp(`\\b(SPEC|GUIDE) ?${SECTION_SIGN}`);

describe("citations", () => {
  it("cite no section of a document the repository does not hold", () => {
    const files = execFileSync("git", ["ls-files", "-z"], { cwd: root, encoding: "utf8" })
      .split("\0")
      .filter((file) => /\.(ts|tsx|sql|md|css|html|sh|toml|json)$/.test(file) && !file.endsWith("package-lock.json"));
    expect(files.length).toBeGreaterThan(100);
    const found = files.flatMap((file) =>
      readFileSync(join(root, file), "utf8")
        .split("\n")
        .flatMap((line, index) => (DANGLING.test(line) ? [`${file}:${index + 1}: ${line.trim()}`] : [])),
    );
    expect(found).toEqual([]);
  });
});
