import { Badge, type BadgeProps } from './badge.js';
import { conditionGradeInfo } from './condition-grades.js';

/** A grade's label in its own colour; an unknown grade shows as a plain secondary badge with the raw value. */
export function ConditionBadge({ grade, ...rest }: { grade: string } & Omit<BadgeProps, 'variant' | 'tone'>) {
  const info = conditionGradeInfo(grade);
  if (!info) return <Badge variant="secondary" {...rest}>{grade}</Badge>;
  return (
    <Badge variant="secondary" tone={info.tone} data-grade={info.grade} {...rest}>
      {info.label}
    </Badge>
  );
}
