import { type CompletionNode, completionTables, descriptionRows, shellWord } from './model.js';

/** The zsh completion script: `source <(svc completion zsh)` after compinit, or a `_svc` file on $fpath. */
export function zshScript(nodes: CompletionNode[]): string {
  return `#compdef svc
# zsh completion for svc, generated from its registry by \`svc completion zsh\`.
# Load it now:  source <(svc completion zsh)     (after compinit)
# Or for good:  svc completion zsh > "\${fpath[1]}/_svc"

${zshTables([...completionTables(nodes), ['description', descriptionRows(nodes)]])}

_svc_has() { [[ " $1 " == *" $2 "* ]] }

_svc() {
  local cur="\${words[CURRENT]}" prev="\${words[CURRENT-1]}" cmd="" word i choices positionals=0 ended=0
  local -a candidates
  for (( i = 2; i < CURRENT; i++ )); do
    word="\${words[i]}"
    if [[ "$word" == "--" ]]; then
      # After --, every word is an argument: no flags, no subcommands.
      ended=1
      continue
    fi
    (( ended )) && { (( positionals++ )); continue }
    [[ "$word" == -*=* ]] && continue
    if _svc_has "$(_svc_value_flags "$cmd")" "$word"; then
      (( i++ ))
    elif [[ "$word" != -* ]] && _svc_has "$(_svc_subcommands "$cmd")" "$word"; then
      cmd="\${cmd:+$cmd }$word"
    elif [[ "$word" != -* ]]; then
      (( positionals++ ))
    fi
  done
  if (( ended )); then
    (( positionals == 0 )) && candidates=( \${=$(_svc_args "$cmd")} ) && compadd -a candidates
    return
  fi
  if [[ "$cur" == -*=* ]]; then
    prev="\${cur%%=*}"
    compset -P '*='
  fi
  if [[ "$prev" == -* ]] && _svc_has "$(_svc_value_flags "$cmd")" "$prev"; then
    choices="$(_svc_choices "$cmd $prev")"
    if [[ -n "$choices" ]]; then
      candidates=( \${=choices} )
      compadd -a candidates
    elif _svc_has "$(_svc_file_flags "$cmd")" "$prev"; then
      _files
    fi
    return
  fi
  local -a described
  if [[ "$cur" == -* ]]; then
    candidates=( \${=$(_svc_flags "$cmd")} )
  else
    candidates=( \${=$(_svc_subcommands "$cmd")} )
    (( positionals == 0 )) && candidates+=( \${=$(_svc_args "$cmd")} )
  fi
  # Each word with what it is (a field's meaning from the registry), as zsh lists them.
  for word in $candidates; do
    choices="$(_svc_description "$cmd $word")"
    described+=( "\${word//:/\\:}\${choices:+:$choices}" )
  done
  _describe -t svc 'svc' described
}

if [[ "\${funcstack[1]}" == "_svc" ]]; then
  _svc "$@"
else
  compdef _svc svc
fi
`;
}

/** The heredoc's end: no line of the data starts with it. */
const DATA_END = 'SVC_COMPLETION_DATA';

/**
 * The tables from command path to words, as associative arrays filled one row per line, and a
 * function per table that prints the row its first argument names. zsh parses one function, one
 * case or one array literal in time that grows with the square of its length (a registry of 1,200
 * operations took 40 s to load as case tables); lines that \`source\` reads one at a time stay
 * linear, so the rows go through a heredoc to \`source\`, which also holds in a _svc file on $fpath,
 * whose whole text is one function's body.
 */
function zshTables(tables: [string, [string, string[]][]][]): string {
  const names = tables.map(([name]) => `_svc_${name}_rows`);
  // One line per row: a line break in a value (an enum of an imported description may hold one)
  // would let the text after it end the heredoc and run as code.
  const oneLine = (text: string): string => shellWord(text.replace(/[\r\n]+/g, ' '));
  const rows = tables.flatMap(([name, table]) =>
    table.filter(([, words]) => words.length > 0).map(([key, words]) => `_svc_${name}_rows+=( ${oneLine(key)} ${oneLine(words.join(' '))} )`),
  );
  const lookups = tables.map(([name]) => `_svc_${name}() { print -r -- "\${_svc_${name}_rows[$1]}" }`);
  return [`source <(cat <<'${DATA_END}'`, `typeset -gA ${names.join(' ')}`, ...rows, DATA_END, ')', '', ...lookups].join('\n');
}
