import { runTest } from '../cli/test';
import { createMemoryIO } from '../../test/support/memory-io';
test('x', async () => {
  const io = createMemoryIO({ cwd: process.cwd() });
  const code = await runTest(['test/fixtures/scenarios/basic', '--coverage'], io);
  console.log(io.out() + io.err() + '\nexit ' + code);
});
