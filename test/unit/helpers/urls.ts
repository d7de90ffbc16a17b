/** The URL API's reading of `url`, undefined when it refuses it: the oracle of the properties that skip that API. */
export function urlApiReading(url: string): URL | undefined {
  try {
    return new URL(url);
  } catch {
    return undefined;
  }
}
