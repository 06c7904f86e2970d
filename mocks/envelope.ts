import { HttpResponse } from 'msw';

/** The exchange's answer envelope: code 0 + success true, or a code and a message. */
export function ok(result: unknown) {
  return HttpResponse.json({ code: 0, success: true, result });
}

export function fail(code: number, message: string, status = 200) {
  return HttpResponse.json({ code, success: false, message }, { status });
}
