import { type CompletionNode, completionTables, descriptionRows, shellWord } from './model.js';

function fishTable(name: string, rows: [string, string[]][]): string {
  const cases = rows
    .filter(([, words]) => words.length > 0)
    .map(([key, words]) => `        case ${shellWord(key)}\n            echo ${shellWord(words.join(' '))}`);
  return `function ${name}\n    switch "$argv[1]"\n${cases.join('\n')}\n    end\nend`;
}

/** The fish completion script: `svc completion fish | source`, or a file in ~/.config/fish/completions. */
export function fishScript(nodes: CompletionNode[]): string {
  const tables = [...completionTables(nodes), ['description', descriptionRows(nodes)] as const].map(([name, rows]) => fishTable(`__svc_${name}`, rows));
  return `# fish completion for svc, generated from its registry by \`svc completion fish\`.
# Load it now:  svc completion fish | source
# Or for good:  svc completion fish > ~/.config/fish/completions/svc.fish

${tables.join('\n\n')}

# True when the word (first argument) is in the space-separated list (the rest).
function __svc_has
    contains -- $argv[1] (string split ' ' -- "$argv[2..-1]")
end

function __svc_complete
    set -l tokens (commandline -opc)
    set -l cur (commandline -ct)
    set -l cmd ''
    set -l positionals 0
    set -l ended 0
    set -l i 2
    while test $i -le (count $tokens)
        set -l word $tokens[$i]
        if test "$word" = '--'
            # After --, every word is an argument: no flags, no subcommands.
            set ended 1
        else if test $ended -eq 1
            set positionals (math $positionals + 1)
        else if __svc_has $word (__svc_value_flags "$cmd")
            set i (math $i + 1)
        else if not string match -q -- '-*' $word; and __svc_has $word (__svc_subcommands "$cmd")
            set cmd (string trim -- "$cmd $word")
        else if not string match -q -- '-*' $word
            set positionals (math $positionals + 1)
        end
        set i (math $i + 1)
    end
    if test $ended -eq 1
        test $positionals -eq 0; and string split ' ' -- "$(__svc_args "$cmd")" | string match -v ''
        return
    end
    set -l prev $tokens[-1]
    set -l prefix ''
    if string match -q -- '-*=*' $cur
        set prev (string split -m 1 '=' -- $cur)[1]
        set prefix "$prev="
    end
    if string match -q -- '-*' "$prev"; and __svc_has $prev (__svc_value_flags "$cmd")
        set -l choices (__svc_choices "$cmd $prev")
        if test -n "$choices"
            for value in (string split ' ' -- "$choices")
                echo "$prefix$value"
            end
        else if __svc_has $prev (__svc_file_flags "$cmd")
            # The candidates replace the whole token, so --input=<prefix> gets them after its =.
            for path in (__fish_complete_path (string replace -- "$prefix" '' "$cur"))
                echo "$prefix$path"
            end
        end
        return
    end
    # Each word with what it is (a field's meaning from the registry), tab-separated as fish shows it.
    set -l words
    if string match -q -- '-*' "$cur"
        set words (string split ' ' -- "$(__svc_flags "$cmd")")
    else
        set words (string split ' ' -- "$(__svc_subcommands "$cmd")" | string match -v '')
        if test $positionals -eq 0
            set -a words (string split ' ' -- "$(__svc_args "$cmd")" | string match -v '')
        end
    end
    for word in $words
        printf '%s\t%s\n' $word "$(__svc_description "$cmd $word")"
    end
end

complete -c svc -f -a '(__svc_complete)'
`;
}
