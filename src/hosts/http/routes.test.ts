import { isEventUrl, routePath, suggestRoute } from './routes';

describe('routes', () => {
  it.each([
    ['/v1/events', '/v1/events'],
    ['/v1/events/', '/v1/events'],
    ['/v1/events/?a=1', '/v1/events'],
    ['/v1/events//', '/v1/events/'],
    ['/', '/'],
    ['/V1/Events', '/V1/Events'],
    // Absolute form, as proxies send it: routed by its path, as express routes it.
    ['http://rulehook:8080/v1/events', '/v1/events'],
    ['HTTPS://rulehook/metrics?x=1', '/metrics'],
    ['http://[bad', 'http://[bad'],
  ])('routePath(%j) is %j', (url, path) => {
    expect(routePath(url)).toBe(path);
  });

  it('recognizes the event endpoint with a query or one trailing slash, and case-sensitively', () => {
    expect(
      ['/v1/events', '/v1/events?x', '/v1/events/', '/V1/EVENTS', '/v1/eventsx', 'http://h/v1/events'].map(
        isEventUrl,
      ),
    ).toEqual([true, true, true, false, false, true]);
  });

  it('suggests the route a path differs from only by case', () => {
    expect([suggestRoute('/V1/EVENTS'), suggestRoute('/HealthZ/'), suggestRoute('/v2/events')]).toEqual([
      '/v1/events',
      '/healthz',
      undefined,
    ]);
  });
});
