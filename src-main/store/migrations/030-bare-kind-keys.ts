// A kind's key is its token alone ("0", "suppressed-code"), without the "k:" before it: two bytes of
// each of a case's four or so keys. The keys of a set keep theirs ("d:"): a ':' is what tells them
// from a kind's, whose token never holds one (issue-codec.ts kindToken). A token that held a ':', or
// began with '?' without being one of the marked numbers ("?7"), gets the '?' kindToken now gives it.
// The kept counts follow.
const BARE = `CASE WHEN instr(substr(key, 3), ':') > 0 OR (substr(key, 3, 1) = '?' AND NOT (length(key) > 3 AND substr(key, 4) NOT GLOB '*[^0-9]*'))
  THEN '?' || substr(key, 3) ELSE substr(key, 3) END`;

export const up = `
UPDATE case_keys SET key = ${BARE} WHERE substr(key, 1, 2) = 'k:';
UPDATE batch_key_counts SET key = ${BARE} WHERE substr(key, 1, 2) = 'k:';
`;
