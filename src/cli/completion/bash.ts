import { type CompletionNode, completionTables, shellWord } from './model.js';

/**
 * The bash script's data functions: `case` tables from command path to words.
 */
export function shellDataFunctions(nodes: CompletionNode[]): string {
  return completionTables(nodes)
    .map(([name, rows]) => shellTable(`_svc_${name}`, rows))
    .join('\n\n');
}

/** A shell function that echoes the words of the row its first argument names. */
function shellTable(name: string, rows: [string, string[]][]): string {
  const cases = rows.filter(([, words]) => words.length > 0).map(([key, words]) => `    ${shellWord(key)}) echo ${shellWord(words.join(' '))} ;;`);
  return `${name}() {\n  case "$1" in\n${cases.join('\n')}\n  esac\n}`;
}

/** The bash completion script: `source <(svc completion bash)`. */
export function bashScript(nodes: CompletionNode[]): string {
  return `# bash completion for svc, generated from its registry by \`svc completion bash\`.
# Load it now:  source <(svc completion bash)
# Or for good:  svc completion bash > ~/.local/share/bash-completion/completions/svc

${shellDataFunctions(nodes)}

_svc_has() { [[ " $1 " == *" $2 "* ]]; }

# COMPREPLY: the words of $1 (none holds a space) that start with $2.
_svc_reply() { mapfile -t COMPREPLY < <(compgen -W "$1" -- "$2"); }

_svc_complete() {
  local cur="\${COMP_WORDS[COMP_CWORD]}" prev="" cmd="" word i positionals=0 ended=0
  COMPREPLY=()
  (( COMP_CWORD > 0 )) && prev="\${COMP_WORDS[COMP_CWORD-1]}"
  # bash splits --flag=value at "=": complete the value of the flag before it.
  if [[ "$cur" == "=" ]]; then
    cur=""
  elif [[ "$prev" == "=" ]] && (( COMP_CWORD > 1 )); then
    prev="\${COMP_WORDS[COMP_CWORD-2]}"
  fi
  for (( i = 1; i < COMP_CWORD; i++ )); do
    word="\${COMP_WORDS[i]}"
    if [[ "$word" == "--" ]]; then
      # After --, every word is an argument: no flags, no subcommands.
      ended=1
    elif (( ended )); then
      (( positionals++ ))
    elif _svc_has "$(_svc_value_flags "$cmd")" "$word"; then
      (( i++ ))
      [[ "\${COMP_WORDS[i]}" == "=" ]] && (( i++ ))
    elif [[ "$word" != -* ]] && _svc_has "$(_svc_subcommands "$cmd")" "$word"; then
      cmd="\${cmd:+$cmd }$word"
    elif [[ "$word" != -* && "$word" != "=" ]]; then
      (( positionals++ ))
    fi
  done
  if (( ended )); then
    (( positionals == 0 )) && _svc_reply "$(_svc_args "$cmd")" "$cur"
    return 0
  fi
  if [[ "$prev" == -* ]] && _svc_has "$(_svc_value_flags "$cmd")" "$prev"; then
    local choices
    choices="$(_svc_choices "$cmd $prev")"
    if [[ -n "$choices" ]]; then
      _svc_reply "$choices" "$cur"
    elif _svc_has "$(_svc_file_flags "$cmd")" "$prev"; then
      # One word per file, spaces and glob characters kept: bash quotes them as it inserts.
      compopt -o filenames 2>/dev/null
      mapfile -t COMPREPLY < <(compgen -f -- "$cur")
    fi
    return 0
  fi
  if [[ "$cur" == -* ]]; then
    _svc_reply "$(_svc_flags "$cmd")" "$cur"
  else
    # Argument values (a shell, an operation id) are offered for the first argument only.
    (( positionals == 0 )) && word="$(_svc_args "$cmd")" || word=""
    _svc_reply "$(_svc_subcommands "$cmd") $word" "$cur"
  fi
  return 0
}

complete -F _svc_complete svc
`;
}
