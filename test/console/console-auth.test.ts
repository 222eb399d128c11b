import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describeWithChromium, useChromium } from '../support/browser';
import { openConsolePage } from '../support/console-page';
import { findMissingPrograms, describeRequiring } from '../support/describe-requiring';
import { useServeProcesses, type ServeProcess } from '../support/serve-process';

/**
 * `rulehook serve --console --auth-tokens-file` (the built binary) in Debian's chromium: the page opened with
 * the token as HTTP Basic's password (as a browser's login prompt sends it), events sent by `curl` with the
 * bearer token, and each decision in the live view with the caller's number masked as the decision log
 * masks it by default; without credentials, a 401 and nothing of the console.
 */
const PACK = path.join(__dirname, '../../examples/fraud-and-spoofing');
const TOKEN = 'console-browser-token-0123456789abcdef';
const ANI = '+14155550177';
jest.setTimeout(60_000);

const dir = mkdtempSync(path.join(tmpdir(), 'rulehook-console-auth-'));
const tokensFile = path.join(dir, 'tokens');
writeFileSync(tokensFile, `${TOKEN}\n`);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describeRequiring(findMissingPrograms({ curl: 'curl' }), 'the console behind tokens, with curl', () => {
  describeWithChromium('the console behind tokens, in a browser', () => {
    const chromium = useChromium();
    const serve = useServeProcesses([
      '--no-grpc',
      '--rules',
      PACK,
      '--console',
      '--auth-tokens-file',
      tokensFile,
    ]);
    let server: ServeProcess;
    beforeEach(async () => {
      server = await serve();
    });
    const base = () => `http://127.0.0.1:${server.httpPort}`;

    /** POSTs one event to the webhook as a script would: curl, with the bearer token. */
    async function curlEvent(variables: Record<string, string>): Promise<string> {
      const { stdout } = await promisify(execFile)('curl', [
        '-sS',
        '-o',
        '/dev/null',
        '-w',
        '%{http_code}',
        '-X',
        'POST',
        `${base()}/v1/events`,
        '-H',
        `authorization: Bearer ${TOKEN}`,
        '-H',
        'content-type: application/json',
        '-d',
        JSON.stringify({ session_variables: variables }),
      ]);
      return stdout;
    }

    it('shows live decisions to a page holding the token, the masked variable masked', async () => {
      const { page, errors } = await openConsolePage(chromium.open, `${base()}/console/`, {
        httpCredentials: { username: 'operator', password: TOKEN },
      });
      await page.getByRole('button', { name: 'Live decisions' }).click();
      await page.locator('.live-view .status.live').waitFor();
      const sessions = ['cs-auth-1', 'cs-auth-2'];
      for (const session of sessions)
        await expect(
          curlEvent({ 'state.sessionId': session, 'state.currentEvent': 'CALL_STARTED', 'call.ani': ANI }),
        ).resolves.toBe('200');
      for (const session of sessions)
        await page.locator(`[data-testid=live-decisions] > li[data-session="${session}"]`).waitFor();

      // The page shows the decision log's masked value, never the number sent.
      const recent = await fetch(`${base()}/console/api/decisions/recent`, {
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      const { decisions } = (await recent.json()) as {
        decisions: { session_variables: Record<string, string> }[];
      };
      const masked = decisions[0]!.session_variables['call.ani']!;
      expect(masked).not.toBe(ANI);
      const row = page.locator('[data-testid=live-decisions] > li[data-session="cs-auth-1"]');
      await row.getByText('variables').click();
      await expect(row.locator('.decision-variables pre').innerText()).resolves.toContain(
        `"call.ani": "${masked}"`,
      );
      expect(await page.content()).not.toContain(ANI);
      expect(await page.locator('body').innerText()).not.toContain(ANI);
      expect(errors).toEqual([]);
    });

    it('answers a page without credentials with 401 and no console', async () => {
      const { page } = await chromium.open('about:blank');
      const answered: { url: string; status: number; challenge: string | undefined }[] = [];
      page.on('response', (r) =>
        answered.push({ url: r.url(), status: r.status(), challenge: r.headers()['www-authenticate'] }),
      );
      // Headless chromium has no login prompt to show: it gives the navigation up on the challenge.
      await expect(page.goto(`${base()}/console/`)).rejects.toThrow(/ERR_INVALID_AUTH_CREDENTIALS/);
      expect(answered).toEqual([
        { url: `${base()}/console/`, status: 401, challenge: expect.stringMatching(/^Basic /) },
      ]);
      await expect(page.locator('[data-testid=file-list]').count()).resolves.toBe(0);
      expect(await page.content()).not.toContain('console.js');
      const api = await page.request.get(`${base()}/console/api/pack`);
      expect(api.status()).toBe(401);
      expect(await api.text()).not.toContain('risk.yaml');
    });
  });
});
