import { LoginPayload, RegisterPayload } from './identity.js';
import { RequestReturnPayload } from './cart.js';
import { multiLineText, oneLineText } from './text.js';
import { MAX_TEXT_LENGTH, textProblem } from './text-values.js';

const CONTROLS = ['\u0000', '\u0001', '\u0008', '\u000b', '\u000c', '\u000e', '\u001f', '\u007f', '\u0080', '\u0085', '\u009f'];
const UNPAIRED = ['\ud800', '\udbff', '\udc00', '\udfff', 'a\ud83d', '\ude00a', '\ude00\ud83d'];
const FINE = ['', 'Ann', 'Zoë Ørsted', 'Łódź 😀', '𝔘𝔫𝔦𝔠𝔬𝔡𝔢', '👩🏽‍💻 ok', 'a\u00a0b', '\ufffd', 'עברית'];

describe('textProblem', () => {
  it('takes any well-formed text without control characters', () => {
    for (const text of FINE) expect([text, textProblem(text, 'line'), textProblem(text, 'lines')]).toEqual([text, undefined, undefined]);
  });

  it('refuses NUL, the other C0 controls, DEL and the C1 controls in any text', () => {
    for (const c of CONTROLS) expect([c, textProblem(`x${c}y`, 'line'), textProblem(`x${c}y`, 'lines')]).toEqual([c, 'must be one line of text without control characters', 'must be text without control characters']);
  });

  it('refuses an unpaired surrogate, high or low, wherever it is', () => {
    for (const text of UNPAIRED) expect([text, textProblem(text, 'lines')]).toEqual([text, 'must be text without control characters']);
  });

  it('takes tab and line breaks in several lines only', () => {
    for (const c of ['\t', '\n', '\r', '\r\n']) expect([c, textProblem(`a${c}b`, 'lines'), textProblem(`a${c}b`, 'line')]).toEqual([c, undefined, 'must be one line of text without control characters']);
  });

  it(`refuses anything longer than ${MAX_TEXT_LENGTH} characters`, () => {
    expect(textProblem('a'.repeat(MAX_TEXT_LENGTH), 'line')).toBeUndefined();
    expect(textProblem('a'.repeat(MAX_TEXT_LENGTH + 1), 'lines')).toBe(`must be at most ${MAX_TEXT_LENGTH} characters`);
  });
});

describe('text schemas', () => {
  it('one line: its own maximum, no control character, trimmed when asked', () => {
    expect(oneLineText(5).safeParse('abcde').success).toBe(true);
    expect(oneLineText(5).safeParse('abcdef').success).toBe(false);
    expect(oneLineText(50).safeParse('a\nb').error?.issues[0]?.message).toBe('must be one line of text without control characters');
    expect(oneLineText(50, { trim: true }).parse('  Ann \n')).toBe('Ann');
  });

  it('several lines: line breaks and tabs, never another control or an unpaired surrogate', () => {
    expect(multiLineText(50).parse('one\n\ttwo\r\n')).toBe('one\n\ttwo\r\n');
    for (const bad of ['a\u0000', 'a\u001b[31m', '\ud800']) expect(multiLineText(50).safeParse(bad).error?.issues[0]?.message).toBe('must be text without control characters');
  });

  it("the payloads' text fields use them: names are one line, a return's comment may be several", () => {
    const register = { username: 'ann', email: 'ann@example.com', password: 'long-enough-1' };
    expect(RegisterPayload.safeParse({ ...register, firstName: 'x\u0000y' }).error?.issues[0]?.path).toEqual(['firstName']);
    expect(RegisterPayload.safeParse({ ...register, username: 'ann\nadmin' }).success).toBe(false);
    expect(RequestReturnPayload.parse({ lines: [{ index: 0, reason: 'other', comment: 'Line one\nline two' }] }).lines[0]?.comment).toBe('Line one\nline two');
    expect(RequestReturnPayload.safeParse({ lines: [{ index: 0, reason: 'other', comment: 'bad\u0007' }] }).success).toBe(false);
  });

  it('passwords: odd Unicode is fine, a control never; a new one is one line, one being checked may hold a tab (set before these rules)', () => {
    const register = { username: 'ann', email: 'ann@example.com' };
    expect(RegisterPayload.safeParse({ ...register, password: 'ŝéčŕėţ-🔑-密码' }).success).toBe(true);
    expect(RegisterPayload.safeParse({ ...register, password: 'long\tenough' }).success).toBe(false);
    expect(RegisterPayload.safeParse({ ...register, password: 'x'.repeat(1025) }).success).toBe(false);
    expect(LoginPayload.safeParse({ usernameOrEmail: 'ann', password: 'old\tpassword' }).success).toBe(true);
    for (const bad of ['\u0000', 'pw\u0000', '\ud800pw']) expect(LoginPayload.safeParse({ usernameOrEmail: 'ann', password: bad }).success).toBe(false);
  });
});
