/** The web worker's scripts loaded on first need (READ_SCRIPT_REQUEST): their text from the client, run once. Each is an
 * IIFE that build.mjs names `sitemapStudio_<name>`; the worker's CSP (VS Code's extension host) allows eval. */
import type { Connection } from 'vscode-languageserver';
import { READ_SCRIPT_REQUEST, type ReadScriptParams, type ServerScriptName } from '../../../shared/protocol';

/** The script's exports, read and run at the first call; a failed read is tried again at the next. */
export function serverScript<T>(connection: Connection, name: ServerScriptName): () => Promise<T> {
  let loaded: Promise<T> | undefined;
  return () => {
    loaded ??= load<T>(connection, name).catch((error: unknown) => {
      loaded = undefined;
      throw error;
    });
    return loaded;
  };
}

async function load<T>(connection: Connection, name: ServerScriptName): Promise<T> {
  const params: ReadScriptParams = { name };
  const text: unknown = await connection.sendRequest(READ_SCRIPT_REQUEST, params);
  if (typeof text !== 'string') throw new Error(`The client sent no script ${name}`);
  const globalName = `sitemapStudio_${name}`;
  // The extension's own script, run as a classic script; its IIFE's `var` is local to this function, which returns it.
  const exports = new Function(`${text}\n;return typeof ${globalName} === 'undefined' ? undefined : ${globalName};`)() as T | undefined;
  if (exports === undefined) throw new Error(`The script ${name} defined no ${globalName}`);
  return exports;
}
