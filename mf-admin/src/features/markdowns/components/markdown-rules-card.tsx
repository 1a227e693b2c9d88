import { useRef, useState } from 'react';
import type { MarkdownRule, MarkdownRuleList } from '@pl/contracts';
import { Badge, Button, Card, CardContent, CardDescription, CardHeader, CardTitle, Dialog, Skeleton } from '@pl/ui';
import { ActionButton } from '../../../shared/components/action-button.js';
import { PanelError } from '../../../shared/components/panel-error.js';
import { useFocusAfterRender } from '../../../shared/components/use-focus-after-render.js';
import { useDeleteMarkdownRule } from '../api/delete-markdown-rule.js';
import { floorText, scopeText, stepText } from '../utils/markdown-text.js';
import { MarkdownRuleForm } from './markdown-rule-form.js';

interface Props {
  rules: { data: MarkdownRuleList | undefined; error: unknown };
}

const rulesCountText = (n: number) => (n === 0 ? 'No rules yet: add one to start marking down aging stock.' : `${n} ${n === 1 ? 'rule' : 'rules'}`);

/**
 * The markdown rules, oldest first: which listings each is for, its steps and floors, whether it
 * applies. A rule is added or edited in a dialog; deleting one is confirmed first.
 */
export function MarkdownRulesCard({ rules }: Props) {
  const [editing, setEditing] = useState<{ rule?: MarkdownRule } | null>(null);
  const [deleting, setDeleting] = useState<MarkdownRule | null>(null);
  const remove = useDeleteMarkdownRule();
  const countRef = useRef<HTMLParagraphElement>(null);
  const focusAfterRender = useFocusAfterRender();
  const list = rules.data?.rules;

  const confirmDelete = (rule: MarkdownRule) =>
    remove.mutate(rule.id, {
      // The row and its Delete button are gone: focus goes to the count, read out as it now is.
      onSuccess: () => {
        setDeleting(null);
        focusAfterRender(() => countRef.current);
      },
    });

  return (
    <Card role="region" aria-labelledby="adm-md-rules-title">
      <CardHeader>
        <div className="adm-card-head">
          <div>
            <CardTitle level={2} id="adm-md-rules-title">
              Rules
            </CardTitle>
            <CardDescription>Where several rules match a listing, the most specific applies: category and grade, then either, then neither; the oldest on a tie.</CardDescription>
          </div>
          <Button onClick={() => setEditing({})}>New rule</Button>
        </div>
      </CardHeader>
      <CardContent>
        {!list && rules.error ? (
          <PanelError what="the markdown rules" error={rules.error} />
        ) : !list ? (
          <Skeleton style={{ height: '8rem' }} />
        ) : (
          <>
            <p ref={countRef} tabIndex={-1} className="adm-orders__count" role="status">
              {rulesCountText(list.length)}
            </p>
            {list.length > 0 && (
              <div className="adm-table-wrap" tabIndex={0} role="group" aria-label="Markdown rules">
                <table className="adm-table adm-table--stacked adm-md-rules-table">
                  <thead>
                    <tr>
                      <th scope="col">Rule</th>
                      <th scope="col">For</th>
                      <th scope="col">Steps</th>
                      <th scope="col">Floor</th>
                      <th scope="col">Status</th>
                      <th scope="col">
                        <span className="pl-visually-hidden">Actions</span>
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {list.map((rule) => (
                      <tr key={rule.id} data-rule={rule.name}>
                        <th scope="row" data-label="Rule">
                          <span>{rule.name}</span>
                        </th>
                        <td data-label="For">
                          <span>{scopeText(rule)}</span>
                        </td>
                        <td data-label="Steps">
                          <ul className="adm-md-steps">
                            {rule.steps.map((step) => (
                              <li key={step.days}>{stepText(step)}</li>
                            ))}
                          </ul>
                        </td>
                        <td data-label="Floor">
                          <span>{floorText(rule)}</span>
                        </td>
                        <td data-label="Status">
                          <span>
                            <Badge variant={rule.active ? 'default' : 'secondary'}>{rule.active ? 'Active' : 'Off'}</Badge>
                          </span>
                        </td>
                        <td className="adm-md-actions-cell">
                          <span className="adm-md-actions">
                            <Button variant="outline" size="sm" onClick={() => setEditing({ rule })}>
                              Edit<span className="pl-visually-hidden"> {rule.name}</span>
                            </Button>
                            <Button variant="ghost" size="sm" className="adm-md-delete" onClick={() => setDeleting(rule)}>
                              Delete<span className="pl-visually-hidden"> {rule.name}</span>
                            </Button>
                          </span>
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </>
        )}
      </CardContent>
      <Dialog
        open={editing !== null}
        onOpenChange={(open) => !open && setEditing(null)}
        title={editing?.rule ? `Edit “${editing.rule.name}”` : 'New markdown rule'}
        description="Which listings it lowers, after how many days on sale, by how much, and never below what."
        className="adm-rule-dialog"
      >
        {/* Mounted only while open: each opening starts from the rule as it is (or blank). */}
        {editing && <MarkdownRuleForm rule={editing.rule} onDone={() => setEditing(null)} />}
      </Dialog>
      <Dialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={`Delete the rule “${deleting?.name ?? ''}”?`}
        description="Prices it has already lowered stay as they are; from the next run on, it lowers no more."
      >
        <div className="adm-dialog__buttons">
          <Button variant="outline" onClick={() => setDeleting(null)}>
            Keep rule
          </Button>
          <ActionButton variant="destructive" pending={remove.isPending} onClick={() => deleting && confirmDelete(deleting)}>
            Delete rule
          </ActionButton>
        </div>
      </Dialog>
    </Card>
  );
}
