/**
 * The `flexdyn` command: `flexdyn view <solution or scene file> [--port N]` serves the browser viewer.
 * @module
 */
import { startViewer } from './viewer/server.ts';
import { FlexdynError } from './core/errors.ts';

const usage = 'usage: flexdyn view <solution file | scene file> [--port N]   (N = 0: any free port; default 8080)';

async function main(args: string[]): Promise<void> {
  const [command, ...rest] = args;
  if (command === '--help' || command === '-h' || command === 'help') {
    console.log(usage);
    return;
  }
  if (command !== 'view') throw new FlexdynError(command === undefined ? usage : `unknown command '${command}'; ${usage}`);
  let port = 8080;
  const files: string[] = [];
  for (let i = 0; i < rest.length; i++) {
    if (rest[i] === '--port') {
      port = Number(rest[++i]);
      if (!Number.isInteger(port) || port < 0 || port > 65535) throw new FlexdynError(`--port must be an integer in 0 … 65535, got ${rest[i]}; ${usage}`);
    } else files.push(rest[i]);
  }
  if (files.length !== 1) throw new FlexdynError(`expected one file, got ${files.length}; ${usage}`);
  const viewer = await startViewer(files[0], { port });
  console.log(`Flexdyn viewer for ${viewer.sceneFile}: open ${viewer.url} (Ctrl+C stops)`);
}

main(process.argv.slice(2)).catch((error: unknown) => {
  console.error(error instanceof FlexdynError ? error.message : error);
  process.exit(1);
});
