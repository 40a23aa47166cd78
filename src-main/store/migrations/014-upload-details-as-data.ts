// What became of a case in an upload (batch_cases.upload_detail) was English prose, shown to a Spanish
// agent as it was. It is a code of the catalog and its params from now on (domain/upload-detail.ts),
// worded at the edges. The prose an earlier CaseDesk wrote is turned into the same data: its own
// sentences by their exact text, and what else a rejected case holds was the service's reason, kept
// word for word as the {reason} the screens label as the service's. Anything left (none is known) is
// kept as it was, shown marked as an earlier version's words.
// The chunks' last_error is not converted: nothing shows it, and new chunks store codes.
const REFUSED_PREFIX = 'not loaded: the service refused the whole request (';

const detail = (code: string, params = 'json_object()') => `json_object('code', 'upload.detail.${code}', 'params', ${params})`;

export const up = `
UPDATE batch_cases SET upload_detail = CASE
  WHEN upload_detail = 'the campaign already holds this code' THEN ${detail('already_held')}
  WHEN upload_detail = 'taken as loaded by the agent' THEN ${detail('taken_as_loaded')}
  WHEN upload_detail = 'too large for the service on its own (HTTP 413)' THEN ${detail('too_large')}
  WHEN upload_detail = 'the service does not show the uploaded case codes, so what was loaded cannot be read back' THEN ${detail('codes_not_shown')}
  WHEN substr(upload_detail, 1, ${REFUSED_PREFIX.length}) = '${REFUSED_PREFIX}' AND substr(upload_detail, -1) = ')'
    THEN ${detail('request_refused', `json_object('reason', substr(upload_detail, ${REFUSED_PREFIX.length + 1}, length(upload_detail) - ${REFUSED_PREFIX.length + 1}))`)}
  WHEN upload_state = 'rejected' THEN ${detail('service_said', "json_object('reason', upload_detail)")}
  ELSE ${detail('earlier_words', "json_object('text', upload_detail)")}
END
WHERE upload_detail IS NOT NULL;
`;
