import { classifyFile } from './classify-file';

describe('classifyFile', () => {
  it.each([
    ['/p/catalog.yaml', '', false, 'catalog'],
    ['/p/catalog.yml', '', true, 'catalog'],
    ['/p/risk.test.yaml', 'rules: .\n', true, 'scenario'],
    [
      '/p/call.yaml',
      '# yaml-language-server: $schema=../schema/sandbox.schema.json\ndescription: x\n',
      false,
      'sandbox',
    ],
    ['/p/call.yaml', 'persons: []\nmedia: []\n', false, 'sandbox'],
    ['/p/r.yaml', 'ruleset: r\nrules: []\n', false, 'rules'],
    ['/p/r.yaml', '# yaml-language-server: $schema=../../schema/rules.schema.json\n', false, 'rules'],
    ['/p/anything.yaml', 'name: ci\non: push\n', true, 'rules'],
    ['/p/.github/workflows/ci.yml', 'name: ci\non: push\njobs: {}\n', false, 'other'],
    ['/p/README.md', 'ruleset: r\n', true, 'other'],
  ])('%s (in a pack: %s) is %s', (file, text, inPack, kind) => {
    expect(classifyFile(file, text, inPack as boolean)).toBe(kind);
  });
});
