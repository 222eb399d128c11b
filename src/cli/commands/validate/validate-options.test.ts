import { parseValidateOptions, VALIDATE_USAGE } from './validate-options';

describe('VALIDATE_USAGE', () => {
  it('renders the options from their definitions, exactly as the help has always read', () => {
    expect(VALIDATE_USAGE).toBe(`Usage: rulehook validate [PATH...] [options]
       rulehook validate --config FILE [PATH...] [options]

Check rule files and directories, and report every problem of every file. Without PATH (nor --config):
the rule pack in the current directory, else the project's rules/ and examples/, as rulehook test finds them.
Exit code: 0 when valid, 1 when any error (or, with --strict, any warning), 2 on wrong usage.

Options:
  --format FORMAT   human (default) or json
  --strict          fail on warnings too
  --catalog FILE    the catalog to check names against (default: catalog.yaml of a directory given)
  --config FILE     a configuration file of rulehook serve to check too
                    (and, without PATH, the rules it names)
  -h, --help        show this help
`);
  });
});

describe('parseValidateOptions', () => {
  it('takes the paths and the options', () => {
    expect(parseValidateOptions(['a', '--strict', 'b', '--catalog', 'c.yaml'])).toEqual({
      ok: true,
      options: { paths: ['a', 'b'], format: 'human', strict: true, catalog: 'c.yaml', config: undefined },
    });
  });

  it('takes no path (the command finds the pack), or a configuration file that may name the rules', () => {
    expect(parseValidateOptions([])).toMatchObject({ ok: true, options: { paths: [], config: undefined } });
    expect(parseValidateOptions(['--config', 'rulehook.yaml'])).toMatchObject({
      ok: true,
      options: { paths: [], config: 'rulehook.yaml' },
    });
  });

  it('answers the help whatever the values, and without paths', () => {
    expect(parseValidateOptions(['--format', 'xml', '--help'])).toEqual({ ok: false, help: true });
    expect(parseValidateOptions(['-h'])).toEqual({ ok: false, help: true });
  });
});
