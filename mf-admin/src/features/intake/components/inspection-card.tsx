import { useMemo, useState, type FormEvent } from 'react';
import { checklistOf, type ChecklistItem, type Product } from '@pl/contracts';
import { Button, Card, CardContent, CardDescription, CardHeader, CardTitle, conditionBadgeLook, conditionGrades, Input, Label } from '@pl/ui';
import { ActionButton } from '../../../shared/components/action-button.js';
import { useSaveInspection } from '../api/save-inspection.js';
import { useSignedInAdmin } from '../api/get-signed-in-admin.js';
import { suggestGrade } from '../utils/grade-suggestion.js';
import {
  answersSoFar,
  errorSummaryText,
  firstNameOf,
  gradeToSave,
  inspectionInputOf,
  inspectorNameOf,
  NOTES_MAX,
  signedAsLabel,
  TEXT_ANSWER_MAX,
  type AnswerDrafts,
  type FormErrors,
  type GradeChoice,
  type SignedAs,
} from '../utils/inspection-form.js';

interface Props {
  product: Product;
  onSaved: () => void;
}

const CHECK_CHOICES = [
  { value: 'pass', label: 'Pass' },
  { value: 'fail', label: 'Fail' },
  { value: 'na', label: 'Does not apply' },
] as const;

/** The id of a field in the form, as FormErrors name them. */
const fieldId = (name: string) => `adm-inspect-${name}`;

/**
 * A new inspection of the listing: its category's checklist, the grade (suggested from the
 * answers, which the inspector may override) and the condition notes shoppers read. Saving makes
 * it the listing's grade, notes and report; earlier inspections stay in the history.
 */
export function InspectionCard({ product, onSaved }: Props) {
  const category = product.category ?? 'general';
  const checklist = checklistOf(category);
  const save = useSaveInspection(product.id);
  const [drafts, setDrafts] = useState<AnswerDrafts>({});
  const [choice, setChoice] = useState<GradeChoice>(null);
  const [notes, setNotes] = useState(product.conditionNotes ?? '');
  const [errors, setErrors] = useState<FormErrors>({});
  const firstName = firstNameOf(useSignedInAdmin().data?.firstName);
  const [signedAsChoice, setSignedAs] = useState<SignedAs | null>(null);
  const signedAs: SignedAs = signedAsChoice ?? (firstName ? 'first_name' : 'team');
  const suggestion = useMemo(() => suggestGrade(checklist, answersSoFar(checklist, drafts)), [checklist, drafts]);
  const grade = gradeToSave(choice, suggestion);

  const setDraft = (key: string, value: string) => {
    setDrafts((d) => ({ ...d, [key]: value }));
    setErrors(({ [`answer-${key}`]: _fixed, ...rest }) => rest);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (save.isPending) return;
    const result = inspectionInputOf(checklist, drafts, grade, notes, inspectorNameOf(signedAs, firstName));
    if (result.errors) {
      setErrors(result.errors);
      // The summary says how many, each field says what; the first field to fix takes focus.
      const first = Object.keys(result.errors)[0]!;
      document.getElementById(fieldId(first))?.focus();
      return;
    }
    setErrors({});
    try {
      await save.mutateAsync(result.input);
      onSaved();
    } catch {
      // Toasted with the server's reason; the form keeps what was entered for another try.
    }
  };

  // A grade the suggestion now gives settles 'Choose a grade.' as a choice would.
  const { grade: gradeError, ...otherErrors } = errors;
  const shownErrors = grade ? otherErrors : errors;
  const errorCount = Object.keys(shownErrors).length;
  return (
    <Card className="adm-inspection" role="region" aria-labelledby="adm-inspection-title">
      <CardHeader>
        <CardTitle level={2} id="adm-inspection-title">
          New inspection
        </CardTitle>
        <CardDescription>
          The {category} checklist. Test the unit and answer every check: each inspection starts blank, and what you answer is what shoppers are told.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={(e) => void submit(e)} noValidate className="adm-inspection-form" data-inspection-form>
          <div role="alert" className="adm-inspection-form__summary">
            {errorCount > 0 && <p className="adm-error">{errorSummaryText(shownErrors)}</p>}
          </div>
          <div className="adm-checklist">
            {checklist.map((item) => (
              <ChecklistField key={item.key} item={item} value={drafts[item.key] ?? ''} error={errors[`answer-${item.key}`]} onChange={(v) => setDraft(item.key, v)} />
            ))}
          </div>

          <fieldset className="adm-grade" aria-describedby={shownErrors.grade ? 'adm-grade-suggestion adm-grade-error' : 'adm-grade-suggestion'}>
            <legend className="adm-inspection-form__legend">Grade</legend>
            <div id="adm-grade-suggestion" className="adm-grade__suggestion" aria-live="polite">
              {suggestion ? (
                <>
                  <p className="adm-grade__suggested">
                    Suggested: <strong>{conditionBadgeLook(suggestion.grade).label}</strong>
                    {suggestion.unanswered > 0 && ` (${suggestion.unanswered} ${suggestion.unanswered === 1 ? 'check' : 'checks'} to answer)`}
                  </p>
                  <p className="adm-grade__reasons">{suggestion.reasons.join('; ')}.</p>
                </>
              ) : (
                <p className="adm-grade__suggested pl-muted">Answer the checks for a suggested grade.</p>
              )}
              {choice !== null && suggestion && choice !== suggestion.grade && <p className="adm-grade__override">You chose another grade than the suggestion.</p>}
            </div>
            {choice !== null && suggestion && choice !== suggestion.grade && (
              <Button variant="ghost" size="sm" className="adm-grade__use" onClick={() => setChoice(null)}>
                Use the suggested grade
              </Button>
            )}
            <div className="adm-choices adm-choices--grades">
              {conditionGrades.map((g, i) => (
                <label key={g.grade} className="adm-choice">
                  <input
                    type="radio"
                    name="grade"
                    value={g.grade}
                    id={i === 0 ? fieldId('grade') : undefined}
                    checked={grade === g.grade}
                    onChange={() => {
                      setChoice(g.grade);
                      setErrors(({ grade: _fixed, ...rest }) => rest);
                    }}
                  />
                  <span>{g.label}</span>
                </label>
              ))}
            </div>
            {shownErrors.grade && (
              <p id="adm-grade-error" className="pl-field__error">
                {gradeError}
              </p>
            )}
          </fieldset>

          <div className="pl-field">
            <Label htmlFor={fieldId('notes')}>Condition notes (shoppers read them)</Label>
            <textarea
              id={fieldId('notes')}
              className="pl-input adm-textarea"
              rows={3}
              maxLength={NOTES_MAX}
              value={notes}
              aria-invalid={errors.notes ? true : undefined}
              aria-describedby={errors.notes ? `${fieldId('notes')}-error` : undefined}
              onChange={(e) => setNotes(e.target.value)}
            />
            {errors.notes && (
              <p id={`${fieldId('notes')}-error`} className="pl-field__error">
                {errors.notes}
              </p>
            )}
          </div>
          <fieldset className="adm-check" aria-describedby="adm-signed-as-hint">
            <legend className="adm-check__label">Shoppers read it was inspected by</legend>
            <div className="adm-choices adm-choices--grades">
              {(['first_name', 'team'] as const).map((option) => (
                <label key={option} className="adm-choice">
                  <input
                    type="radio"
                    name="signed-as"
                    value={option}
                    checked={signedAs === option}
                    disabled={option === 'first_name' && !firstName}
                    onChange={() => setSignedAs(option)}
                  />
                  <span>{signedAsLabel(option, firstName)}</span>
                </label>
              ))}
            </div>
            <p id="adm-signed-as-hint" className="adm-hint">
              {firstName ? 'The shop keeps who really inspected either way.' : 'Your account has no first name, so shoppers read “our team”.'}
            </p>
          </fieldset>
          <ActionButton type="submit" className="adm-inspection-form__save" pending={save.isPending}>
            Save inspection
          </ActionButton>
        </form>
      </CardContent>
    </Card>
  );
}

interface FieldProps {
  item: ChecklistItem;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
}

/** One checklist line: a check as passed / failed / does not apply, a percent as a number, a text as a line of text. */
function ChecklistField({ item, value, error, onChange }: FieldProps) {
  const id = fieldId(`answer-${item.key}`);
  const errorId = `${id}-error`;
  if (item.kind === 'check') {
    return (
      <fieldset className="adm-check" data-check={item.key} aria-describedby={error ? errorId : undefined}>
        <legend className="adm-check__label">{item.label}</legend>
        <div className="adm-choices">
          {CHECK_CHOICES.map((choice, i) => (
            <label key={choice.value} className="adm-choice" data-choice={choice.value}>
              <input type="radio" name={`check-${item.key}`} value={choice.value} id={i === 0 ? id : undefined} checked={value === choice.value} onChange={() => onChange(choice.value)} />
              <span>{choice.label}</span>
            </label>
          ))}
        </div>
        {error && (
          <p id={errorId} className="pl-field__error">
            {error}
          </p>
        )}
      </fieldset>
    );
  }
  const percent = item.kind === 'percent';
  return (
    <div className="pl-field adm-check adm-check--input" data-check={item.key}>
      <Label htmlFor={id}>{item.label}</Label>
      <Input
        id={id}
        type={percent ? 'number' : 'text'}
        inputMode={percent ? 'numeric' : undefined}
        min={percent ? 0 : undefined}
        max={percent ? 100 : undefined}
        step={percent ? 1 : undefined}
        maxLength={percent ? undefined : TEXT_ANSWER_MAX}
        className={percent ? 'adm-check__percent' : undefined}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : `${id}-hint`}
        onChange={(e) => onChange(e.target.value)}
      />
      {error ? (
        <p id={errorId} className="pl-field__error">
          {error}
        </p>
      ) : (
        <p id={`${id}-hint`} className="adm-hint">
          {percent ? 'From 0 to 100; leave it empty if it cannot be read.' : 'Optional.'}
        </p>
      )}
    </div>
  );
}
