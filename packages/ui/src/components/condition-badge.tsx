import { Badge, type BadgeProps } from './badge.js';
import { conditionBadgeLook, conditionGradeInfo } from './condition-grades.js';

/** A grade's label in its own colour; an unknown grade shows as a plain secondary badge with the raw value. */
export function ConditionBadge({ grade, ...rest }: { grade: string } & Omit<BadgeProps, 'variant' | 'tone'>) {
  const { label, tone } = conditionBadgeLook(grade);
  return (
    <Badge variant="secondary" tone={tone} data-grade={conditionGradeInfo(grade)?.grade} {...rest}>
      {label}
    </Badge>
  );
}
