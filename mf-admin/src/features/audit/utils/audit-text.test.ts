import { actionText, actorText, changeLines, targetText } from './audit-text';

describe('an audit entry in words', () => {
  it('names the action, the admin and the target', () => {
    expect(actionText('pos-settings.saved')).toBe('POS settings saved');
    expect(actionText('photo.added')).toBe('Photo added');
    expect(actionText('markdown-rule.created')).toBe('Markdown rule created');
    expect(actionText('markdown-run.started')).toBe('Markdown run started');
    expect(actorText({ subject: 'c-1', name: 'Ada Lovelace' })).toBe('Ada Lovelace');
    expect(actorText({ subject: 'c-1', name: null })).toBe('c-1');
    expect(targetText({ type: 'order', id: 'o-1', label: 'PL-100042' })).toBe('PL-100042');
    expect(targetText({ type: 'sync-run', id: 'r-1', label: null })).toBe('sync-run r-1');
  });

  it('lists the fields that changed, what a new thing is, and a removal', () => {
    expect(changeLines({ grade: 'OPEN_BOX', notes: null }, { grade: 'USED', notes: null })).toEqual(['grade: OPEN_BOX → USED']);
    expect(changeLines({ grade: 'A' }, { grade: 'A' })).toEqual(['No change']);
    expect(changeLines({ grade: 'A', notes: null }, { grade: 'B', notes: null, inspectorName: 'Maya' })).toEqual(['grade: A → B', 'inspectorName: Maya']);
    expect(changeLines(null, { id: 'p', alt: 'Front' })).toEqual(['id: p', 'alt: Front']);
    expect(changeLines({ id: 'p' }, null)).toEqual(['Removed']);
    expect(changeLines(null, null)).toEqual([]);
  });

  it("tells a markdown run by what it came to", () => {
    expect(targetText({ type: 'markdown-run', id: 'r-1', label: 'Markdown run: 3 prices changed' })).toBe('Markdown run: 3 prices changed');
    expect(changeLines(null, { trigger: 'manual', changed: 3 })).toEqual(['trigger: manual', 'changed: 3']);
  });

  it('shortens a long value', () => {
    const [line] = changeLines({ notes: 'x' }, { notes: 'y'.repeat(200) });
    expect(line!.length).toBeLessThan(80);
    expect(line).toMatch(/…$/);
  });
});
