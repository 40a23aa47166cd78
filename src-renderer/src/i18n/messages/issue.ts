// The issue-text catalog (src-main/domain/issue-texts), the one the CLI and the exports word issues
// with. Its codes all start with `issue.`, this file's name, so a code is its own key: t(code).
import { issueTextMessages } from '../../../../src-main/domain/issue-texts/issue-text';
import { joinTexts, type Tree } from '../texts';

const below = (tree: Tree): Tree => tree.issue as Tree;

export default joinTexts({ en: below(issueTextMessages('en')), es: below(issueTextMessages('es')) });
