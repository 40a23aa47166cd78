// A case's issues live with the case, as one JSON list, with counts to filter on. 100,000 cases make
// about 450,000 issues (mostly automatic fixes); one row each made storing a batch four times slower.
// Row-level issues (a row with no case code) stay in case_issues.
export const up = `
ALTER TABLE batch_cases ADD COLUMN issues_json TEXT NOT NULL DEFAULT '[]';
ALTER TABLE batch_cases ADD COLUMN error_count INTEGER NOT NULL DEFAULT 0;
ALTER TABLE batch_cases ADD COLUMN warning_count INTEGER NOT NULL DEFAULT 0;
ALTER TABLE batch_cases ADD COLUMN fix_count INTEGER NOT NULL DEFAULT 0;
-- " kind-a kind-b ": which kinds of issue the case has, for the preview's filter.
ALTER TABLE batch_cases ADD COLUMN issue_kinds TEXT NOT NULL DEFAULT '';

UPDATE batch_cases SET
  issues_json = coalesce((
    SELECT json_group_array(json_object('severity', i.severity, 'field', i.field, 'rows', json(i.rows_json), 'kind', i.kind,
      'messageEs', i.message_es, 'messageEn', i.message_en, 'before', i.before_value, 'after', i.after_value))
    FROM (SELECT * FROM case_issues WHERE case_id = batch_cases.id ORDER BY id) i), '[]'),
  error_count = (SELECT count(*) FROM case_issues WHERE case_id = batch_cases.id AND severity = 'error'),
  warning_count = (SELECT count(*) FROM case_issues WHERE case_id = batch_cases.id AND severity = 'warning'),
  fix_count = (SELECT count(*) FROM case_issues WHERE case_id = batch_cases.id AND severity = 'fix'),
  issue_kinds = coalesce((SELECT ' ' || group_concat(kind, ' ') || ' ' FROM (SELECT DISTINCT kind FROM case_issues WHERE case_id = batch_cases.id)), '');
DELETE FROM case_issues WHERE case_id IS NOT NULL;
`;
