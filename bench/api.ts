/** A JSON call to a Trove server for the benchmarks; throws with the answer's text on a non-2xx status. */
export function apiCaller(baseUrl: () => string) {
  return async (path: string, init: RequestInit & { token?: string } = {}) => {
    const response = await fetch(`${baseUrl()}/api/${path}`, {
      ...init,
      headers: {
        'content-type': 'application/json',
        ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
        ...init.headers,
      },
    });
    if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    return response.json();
  };
}
