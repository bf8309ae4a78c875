import { readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The names of the files in `dir` that differ from what a seeded generator writes now (name ->
 * content): empty when the committed data is exactly the generator's output.
 */
export function filesDifferingFromGenerator(dir: string, generated: Record<string, string>): string[] {
  return Object.entries(generated)
    .filter(([name, content]) => readFileSync(path.join(dir, name), 'utf8') !== content)
    .map(([name]) => name);
}
