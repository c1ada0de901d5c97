/**
 * Shiprocket refuses a webhook URL containing these words (its panel says so); the sandbox refuses
 * the same URLs, so a URL that works here is one the real panel accepts.
 */
const FORBIDDEN_WORDS = ['shiprocket', 'kartrocket', 'sr', 'kr'];

/** The problem with a webhook URL, or undefined when Shiprocket would accept it. */
export function webhookUrlProblem(url: string): string | undefined {
  const lower = url.toLowerCase();
  const word = FORBIDDEN_WORDS.find((forbidden) => lower.includes(forbidden));
  return word ? `Shiprocket does not accept a webhook URL containing "${word}": choose another path` : undefined;
}
