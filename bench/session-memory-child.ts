/** Child entry of the session-memory suite, run with --expose-gc: `node --expose-gc session-memory-child.js N`. */
import { measureSessionMemory } from './session-memory-heap';

measureSessionMemory(Number(process.argv[2])).then(
  (report) => process.stdout.write(JSON.stringify(report)),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
