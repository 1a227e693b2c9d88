import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { MARKDOWN_STEPS_MAX, type MarkdownRule } from '@pl/contracts';
import { Button, Checkbox, conditionGrades, FormField, Label, Select, toast } from '@pl/ui';
import { ActionButton } from '../../../shared/components/action-button.js';
import { useFocusAfterRender } from '../../../shared/components/use-focus-after-render.js';
import { useSaveMarkdownRule } from '../api/save-markdown-rule.js';
import { CATEGORY_OPTIONS } from '../utils/markdown-text.js';
import {
  canAddStep,
  ruleDraftOf,
  ruleErrorSummary,
  ruleFieldId,
  ruleInputOf,
  serverErrorsOf,
  withStepAdded,
  withStepRemoved,
  type RuleDraft,
  type RuleErrors,
} from '../utils/rule-form.js';

interface Props {
  /** The rule to edit; none: a new rule. */
  rule?: MarkdownRule;
  /** Saved, or given up: the dialog closes. */
  onDone: () => void;
}

const STEP_ERRORS = /^steps\./;

/**
 * A markdown rule: which listings (a category and/or a grade), its steps (after N days on sale, X%
 * off the price before any markdown), its floors, and whether it applies. Checked here against the
 * contract first; what the service still refuses shows beside the field it names.
 */
export function MarkdownRuleForm({ rule, onDone }: Props) {
  const save = useSaveMarkdownRule();
  const [draft, setDraft] = useState<RuleDraft>(() => ruleDraftOf(rule));
  const [errors, setErrors] = useState<RuleErrors>({});
  const formErrorRef = useRef<HTMLParagraphElement>(null);
  const focusAfterRender = useFocusAfterRender();

  const change = (fields: Partial<RuleDraft>, clears: readonly string[]) => {
    setDraft((d) => ({ ...d, ...fields }));
    setErrors((e) => Object.fromEntries(Object.entries(e).filter(([k]) => !clears.includes(k) && k !== 'form')));
  };
  const setStep = (index: number, field: 'days' | 'percentOff', value: string) => {
    setDraft((d) => ({ ...d, steps: d.steps.map((s, i) => (i === index ? { ...s, [field]: value } : s)) }));
    // A step's order rule is about its neighbours too: any step's errors go once one changes.
    setErrors((e) => Object.fromEntries(Object.entries(e).filter(([k]) => !STEP_ERRORS.test(k) && k !== 'steps' && k !== 'form')));
  };
  // Rows move when one is added or removed: the errors by row number no longer point at the right one.
  const clearStepErrors = () => setErrors((e) => Object.fromEntries(Object.entries(e).filter(([k]) => !STEP_ERRORS.test(k) && k !== 'steps')));

  const addStep = () => {
    const next = withStepAdded(draft);
    setDraft(next);
    clearStepErrors();
    focusAfterRender(() => document.getElementById(ruleFieldId(`steps.${next.steps.length - 1}.days`)));
  };
  const removeStep = (index: number) => {
    const next = withStepRemoved(draft, draft.steps[index]!.key);
    setDraft(next);
    clearStepErrors();
    // Focus goes to the row that took its place, else the one before it.
    focusAfterRender(() => document.getElementById(ruleFieldId(`steps.${Math.min(index, next.steps.length - 1)}.days`)));
  };

  const showErrors = (found: RuleErrors) => {
    setErrors(found);
    const first = Object.keys(found)[0];
    focusAfterRender(() => (first === 'form' ? formErrorRef.current : document.getElementById(ruleFieldId(first ?? 'form'))));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (save.isPending) return;
    const result = ruleInputOf(draft);
    if (result.errors) {
      showErrors(result.errors);
      return;
    }
    setErrors({});
    try {
      const saved = await save.mutateAsync({ id: rule?.id, input: result.input });
      toast({ title: rule ? 'Rule saved' : 'Rule added', description: `${saved.name}: the next run applies it${saved.active ? '' : ' once it is active'}.` });
      onDone();
    } catch (error) {
      showErrors(serverErrorsOf(error));
    }
  };

  const fieldErrors = Object.keys(errors).filter((k) => k !== 'form');
  const errorOf = (path: string) => errors[path];
  return (
    <form className="adm-rule-form" onSubmit={(e) => void submit(e)} noValidate data-rule-form>
      <div role="alert" className="adm-rule-form__summary">
        {fieldErrors.length > 0 && <p className="adm-error">{ruleErrorSummary(errors)}</p>}
        {errors.form && (
          <p ref={formErrorRef} tabIndex={-1} className="adm-error">
            {errors.form}
          </p>
        )}
      </div>
      <FormField
        id={ruleFieldId('name')}
        label="Name"
        autoComplete="off"
        maxLength={80}
        value={draft.name}
        error={errorOf('name')}
        onChange={(e) => change({ name: e.target.value }, ['name'])}
      />
      <div className="adm-rule-form__pair">
        <SelectField id={ruleFieldId('category')} label="Category" value={draft.category} error={errorOf('category')} onChange={(v) => change({ category: v as RuleDraft['category'] }, ['category'])}>
          <option value="">Any category</option>
          {CATEGORY_OPTIONS.map((c) => (
            <option key={c.value} value={c.value}>
              {c.label}
            </option>
          ))}
        </SelectField>
        <SelectField id={ruleFieldId('grade')} label="Grade" value={draft.grade} error={errorOf('grade')} onChange={(v) => change({ grade: v as RuleDraft['grade'] }, ['grade'])}>
          <option value="">Any grade</option>
          {conditionGrades.map((g) => (
            <option key={g.grade} value={g.grade}>
              {g.label}
            </option>
          ))}
        </SelectField>
      </div>

      <fieldset id={ruleFieldId('steps')} tabIndex={-1} className="adm-rule-form__set" aria-describedby={errorOf('steps') ? 'adm-rule-steps-hint adm-rule-steps-error' : 'adm-rule-steps-hint'}>
        <legend className="adm-inspection-form__legend">Steps</legend>
        <p id="adm-rule-steps-hint" className="adm-hint adm-rule-form__hint">
          After so many days on sale, take this much off the price the listing had before any markdown. Each step comes later and takes more off than the one before.
        </p>
        <div className="adm-rule-steps">
          {draft.steps.map((step, i) => (
            <div key={step.key} className="adm-rule-step" role="group" aria-label={`Step ${i + 1}`} data-step-row>
              <FormField
                id={ruleFieldId(`steps.${i}.days`)}
                label="Days on sale"
                type="number"
                inputMode="numeric"
                min={1}
                step={1}
                value={step.days}
                error={errorOf(`steps.${i}.days`)}
                onChange={(e) => setStep(i, 'days', e.target.value)}
              />
              <FormField
                id={ruleFieldId(`steps.${i}.percentOff`)}
                label="Percent off"
                type="number"
                inputMode="numeric"
                min={1}
                max={95}
                step={1}
                value={step.percentOff}
                error={errorOf(`steps.${i}.percentOff`)}
                onChange={(e) => setStep(i, 'percentOff', e.target.value)}
              />
              {draft.steps.length > 1 && (
                <Button variant="ghost" size="sm" className="adm-rule-step__remove" onClick={() => removeStep(i)}>
                  Remove<span className="pl-visually-hidden"> step {i + 1}</span>
                </Button>
              )}
            </div>
          ))}
        </div>
        {canAddStep(draft) ? (
          <Button variant="outline" size="sm" className="adm-rule-form__add" onClick={addStep}>
            Add a step
          </Button>
        ) : (
          <p className="adm-hint">A rule has at most {MARKDOWN_STEPS_MAX} steps.</p>
        )}
        {errorOf('steps') && (
          <p id="adm-rule-steps-error" className="pl-field__error">
            {errorOf('steps')}
          </p>
        )}
      </fieldset>

      <fieldset className="adm-rule-form__set">
        <legend className="adm-inspection-form__legend">Never below</legend>
        <div className="adm-rule-form__pair">
          <FormField
            id={ruleFieldId('floorPercentOfRetail')}
            label="Percent of retail (optional)"
            type="number"
            inputMode="numeric"
            min={0}
            max={100}
            step={1}
            value={draft.floorPercentOfRetail}
            error={errorOf('floorPercentOfRetail')}
            onChange={(e) => change({ floorPercentOfRetail: e.target.value }, ['floorPercentOfRetail'])}
          />
          <Checkbox
            id={ruleFieldId('floorAtCost')}
            className="adm-rule-form__check"
            label="The unit cost from the manifest"
            checked={draft.floorAtCost}
            onChange={(e) => change({ floorAtCost: e.target.checked }, ['floorAtCost'])}
          />
        </div>
      </fieldset>

      <Checkbox id={ruleFieldId('active')} label="Active: the next run applies this rule" checked={draft.active} onChange={(e) => change({ active: e.target.checked }, ['active'])} />

      <div className="adm-dialog__buttons">
        <Button variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <ActionButton type="submit" variant="default" className="adm-rule-form__save" pending={save.isPending}>
          {rule ? 'Save rule' : 'Add rule'}
        </ActionButton>
      </div>
    </form>
  );
}

interface SelectFieldProps {
  id: string;
  label: string;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
  children: ReactNode;
}

/** A labelled select with its validation message, wired as FormField wires an input. */
function SelectField({ id, label, value, error, onChange, children }: SelectFieldProps) {
  return (
    <div className="pl-field">
      <Label htmlFor={id}>{label}</Label>
      <Select id={id} value={value} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined} onChange={(e) => onChange(e.target.value)}>
        {children}
      </Select>
      {error && (
        <p id={`${id}-error`} className="pl-field__error">
          {error}
        </p>
      )}
    </div>
  );
}
