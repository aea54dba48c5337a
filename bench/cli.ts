/** The tail both bench CLIs share: run main, set the exit code, report an error in one line. */

/** A mistake in the command line: its message is printed as it is, and the exit code is 2. */
export class UsageError extends Error {}

export function runMain(label: string, main: (argv: string[]) => Promise<number>): void {
  main(process.argv.slice(2)).then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      if (error instanceof UsageError) process.stderr.write(`${error.message}\n`);
      else process.stderr.write(`\n${label}: ${error instanceof Error ? error.message : String(error)}\n`);
      process.exitCode = error instanceof UsageError ? 2 : 1;
    },
  );
}
