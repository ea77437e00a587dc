/** The runner's environment files: step outputs appended to $GITHUB_OUTPUT as `name<<DELIMITER` blocks (any value,
 * multiline too), the job summary's markdown appended to $GITHUB_STEP_SUMMARY. Outside a runner, neither is written. */
import { randomUUID } from 'node:crypto';
import * as fs from 'node:fs';
import { Failure } from '../io/failure';

export function writeOutputs(values: Readonly<Record<string, string>>, env: NodeJS.ProcessEnv = process.env): void {
  const file = env.GITHUB_OUTPUT;
  if (file === undefined || file === '') return;
  const blocks = Object.entries(values).map(([name, value]) => {
    const delimiter = `ghadelimiter_${randomUUID()}`;
    // A value holding the delimiter would end its block early: the runner refuses the file, so do we.
    if (value.includes(delimiter)) throw new Failure(`output ${name} holds its delimiter`);
    return `${name}<<${delimiter}\n${value}\n${delimiter}\n`;
  });
  append(file, blocks.join(''), 'GITHUB_OUTPUT');
}

export function appendSummary(markdown: string, env: NodeJS.ProcessEnv = process.env): void {
  const file = env.GITHUB_STEP_SUMMARY;
  if (file === undefined || file === '') return;
  append(file, markdown, 'GITHUB_STEP_SUMMARY');
}

function append(file: string, text: string, variable: string): void {
  try {
    fs.appendFileSync(file, text, 'utf8');
  } catch (e) {
    throw new Failure(`cannot write ${variable} (${file}: ${(e as Error).message})`);
  }
}
