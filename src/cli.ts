/**
 * The `flexdyn` command: `flexdyn view <solution or scene file> [--port N]` serves the browser viewer;
 * `flexdyn view --live [--port N]` serves the live page (the demo models solved in the browser).
 * @module
 */
import { startLiveViewer, startViewer } from './viewer/server.ts';
import { FlexdynError } from './core/errors.ts';

const usage = 'usage: flexdyn view <solution file | scene file> [--port N]   or   flexdyn view --live [--port N]   (N = 0: any free port; default 8080)';

async function main(args: string[]): Promise<void> {
  const [command, ...rest] = args;
  if (command === '--help' || command === '-h' || command === 'help') {
    console.log(usage);
    return;
  }
  if (command !== 'view') throw new FlexdynError(command === undefined ? usage : `unknown command '${command}'; ${usage}`);
  let port = 8080, live = false;
  const files: string[] = [];
  for (let i = 0; i < rest.length; i++) {
    if (rest[i] === '--live') live = true;
    else if (rest[i] === '--port') {
      port = Number(rest[++i]);
      if (!Number.isInteger(port) || port < 0 || port > 65535) throw new FlexdynError(`--port must be an integer in 0 … 65535, got ${rest[i]}; ${usage}`);
    } else files.push(rest[i]);
  }
  if (live) {
    if (files.length !== 0) throw new FlexdynError(`--live takes no file, got ${files.join(' ')}; ${usage}`);
    const viewer = await startLiveViewer({ port });
    console.log(`Flexdyn live page: open ${viewer.url} (Ctrl+C stops)`);
    return;
  }
  if (files.length !== 1) throw new FlexdynError(`expected one file, got ${files.length}; ${usage}`);
  const viewer = await startViewer(files[0], { port });
  console.log(`Flexdyn viewer for ${viewer.sceneFile}: open ${viewer.url} (Ctrl+C stops)`);
}

main(process.argv.slice(2)).catch((error: unknown) => {
  console.error(error instanceof FlexdynError ? error.message : error);
  process.exit(1);
});
