import { z } from 'zod';

/**
 * What the model is told about the shape it must answer in. Servers without `json_schema` support
 * (older Ollama, llama.cpp, vLLM builds) still honour JSON mode, so the schema travels in the prompt
 * and our zod parse is the real check.
 */
export function describeJsonAnswer(schema: z.ZodType): string {
  const json = z.toJSONSchema(schema, { unrepresentable: 'any' });
  return `Answer with exactly one JSON object, no prose and no code fence, that matches this JSON Schema:\n${JSON.stringify(json)}`;
}

/** Parses a model's JSON answer, tolerating a ```json fence or prose around the object that small local models add. */
export function parseJsonReply<T>(text: string, schema: z.ZodType<T>): { ok: true; value: T } | { ok: false; error: string } {
  const candidates = [text.trim()];
  const fenced = /```(?:json)?\s*([\s\S]*?)```/i.exec(text);
  if (fenced?.[1]) candidates.push(fenced[1].trim());
  const first = text.indexOf('{');
  const last = text.lastIndexOf('}');
  if (first >= 0 && last > first) candidates.push(text.slice(first, last + 1));
  let error = 'the reply holds no JSON object';
  for (const c of candidates) {
    let raw: unknown;
    try {
      raw = JSON.parse(c);
    } catch {
      continue;
    }
    const parsed = schema.safeParse(raw);
    if (parsed.success) return { ok: true, value: parsed.data };
    error = `the JSON does not match the schema: ${parsed.error.issues
      .slice(0, 3)
      .map((i) => `${i.path.join('.') || '(root)'} ${i.message}`)
      .join('; ')}`;
  }
  return { ok: false, error };
}
