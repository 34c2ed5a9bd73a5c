/**
 * The `flexdyn` command: `flexdyn view <solution or scene file> [--port N]` serves the browser viewer;
 * `flexdyn view --live [--port N]` serves the live page (the demo models solved in the browser);
 * `flexdyn worker --queue <name> --redis <url>` takes the cases of parameter studies from a Redis queue
 * (flexdyn/studies; needs the optional package bullmq).
 * @module
 */
import { startLiveViewer, startViewer } from './viewer/server.ts';
import { FlexdynError } from './core/errors.ts';

const usage = 'usage: flexdyn view <solution file | scene file> [--port N]   or   flexdyn view --live [--port N]   (N = 0: any free port; default 8080)'
  + '   or   flexdyn worker --queue <name> --redis <url> [--concurrency N] [--lock-duration ms] [--stalled-interval ms] [--verbose]';

/** `flexdyn worker`: a queue worker of parameter studies until SIGINT/SIGTERM (then it finishes its running case). */
async function worker(rest: string[]): Promise<void> {
  const values: Record<string, string> = {};
  let verbose = false;
  for (let i = 0; i < rest.length; i++) {
    const option = rest[i];
    if (option === '--verbose') verbose = true;
    else if (['--queue', '--redis', '--concurrency', '--lock-duration', '--stalled-interval'].includes(option) && i + 1 < rest.length) values[option] = rest[++i];
    else throw new FlexdynError(`flexdyn worker: unknown or incomplete option '${option}'; ${usage}`);
  }
  if (values['--queue'] === undefined || values['--redis'] === undefined) throw new FlexdynError(`flexdyn worker needs --queue and --redis; ${usage}`);
  const positive = (name: string): number | undefined => {
    if (values[name] === undefined) return undefined;
    const n = Number(values[name]);
    if (!Number.isInteger(n) || n < 1) throw new FlexdynError(`flexdyn worker: ${name} must be a positive integer, got ${values[name]}`);
    return n;
  };
  const { startQueueWorker } = await import('./studies/queue.ts');
  const running = await startQueueWorker({
    queue: values['--queue'], redis: values['--redis'], concurrency: positive('--concurrency'),
    lockDuration: positive('--lock-duration'), stalledInterval: positive('--stalled-interval'),
    log: verbose ? (line) => console.log(line) : undefined,
  });
  console.log(`flexdyn worker: queue ${values['--queue']} on ${values['--redis']} (pid ${process.pid}; Ctrl+C stops)`);
  const stop = () => {
    running.close().then(() => process.exit(0), () => process.exit(1));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

async function main(args: string[]): Promise<void> {
  const [command, ...rest] = args;
  if (command === '--help' || command === '-h' || command === 'help') {
    console.log(usage);
    return;
  }
  if (command === 'worker') return worker(rest);
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
