// A kind's key is its token alone ("0", "suppressed-code"), without the "k:" before it: two bytes of
// each of a case's four or so keys. The keys of a set keep theirs ("d:"): a ':' is what tells them
// from a kind's, whose token never holds one (issue-codec.ts kindToken). The kept counts follow.
export const up = `
UPDATE case_keys SET key = substr(key, 3) WHERE substr(key, 1, 2) = 'k:';
UPDATE batch_key_counts SET key = substr(key, 3) WHERE substr(key, 1, 2) = 'k:';
`;
