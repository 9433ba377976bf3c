import { type CompletionNode, completionTables, descriptionRows } from './model.js';

/**
 * A PowerShell string literal: single-quoted, where only a quote is special and is doubled.
 * PowerShell also reads the typographic single quotes (U+2018–U+201B) as quotes, so those are doubled too.
 */
export const powershellString = (text: string): string => `'${text.replace(/['\u2018\u2019\u201a\u201b]/g, (quote) => quote + quote)}'`;

/**
 * One table as an ordinal (case-sensitive) hashtable, `-V` and `-v` being different flags: the
 * default `@{}` compares keys ignoring case.
 */
function powershellTable(name: string, rows: readonly (readonly [string, readonly string[]])[]): string {
  const lines = rows
    .filter(([, words]) => words.length > 0)
    .map(([key, words]) => `$${name}[${powershellString(key)}] = @(${words.map(powershellString).join(', ')})`);
  return [`$${name} = [System.Collections.Hashtable]::new([System.StringComparer]::Ordinal)`, ...lines].join('\n');
}

/** The PowerShell completion script: `svc completion powershell | Out-String | Invoke-Expression`. */
export function powershellScript(nodes: CompletionNode[]): string {
  const tables = [...completionTables(nodes), ['description', descriptionRows(nodes)] as const].map(([name, rows]) => powershellTable(`__svc_${name}`, rows));
  return `# PowerShell completion for svc, generated from its registry by \`svc completion powershell\`.
# Load it now:  svc completion powershell | Out-String | Invoke-Expression
# Or for good:  add that line to your profile ($PROFILE)

${tables.join('\n\n')}

Register-ArgumentCompleter -Native -CommandName svc -ScriptBlock {
    param($wordToComplete, $commandAst, $cursorPosition)
    # The words before the one being completed, after svc itself.
    $words = @($commandAst.CommandElements | Select-Object -Skip 1 | ForEach-Object { $_.Extent.Text })
    if ($wordToComplete -ne '' -and $words.Count -gt 0) { $words = @($words | Select-Object -SkipLast 1) }
    $cmd = ''
    $expectValue = $null
    $ended = $false
    foreach ($word in $words) {
        if ($null -ne $expectValue) { $expectValue = $null; continue }
        if ($ended) { continue }
        if ($word -ceq '--') { $ended = $true; continue }
        if ($__svc_value_flags[$cmd] -ccontains $word) { $expectValue = $word; continue }
        if (-not $word.StartsWith('-') -and $__svc_subcommands[$cmd] -ccontains $word) {
            $cmd = if ($cmd -eq '') { $word } else { "$cmd $word" }
        }
    }
    $prefix = ''
    $current = $wordToComplete
    if ($null -eq $expectValue -and -not $ended -and $wordToComplete -cmatch '^(--[^=]+)=(.*)$' -and $__svc_value_flags[$cmd] -ccontains $Matches[1]) {
        # --flag=value: complete the value, keeping the flag in front of it.
        $expectValue = $Matches[1]
        $prefix = "$($Matches[1])="
        $current = $Matches[2]
    }
    if ($null -ne $expectValue) {
        $candidates = $__svc_choices["$cmd $expectValue"]
        # A file flag with nothing else to offer: PowerShell completes file names when nothing is returned.
        if ($null -eq $candidates) { return }
    } elseif ($ended) {
        $candidates = $__svc_args[$cmd]
    } elseif ($current.StartsWith('-')) {
        $candidates = $__svc_flags[$cmd]
    } else {
        $candidates = @($__svc_subcommands[$cmd]) + @($__svc_args[$cmd]) | Where-Object { $null -ne $_ }
    }
    foreach ($candidate in @($candidates)) {
        if ($null -eq $candidate -or -not $candidate.StartsWith($current, [System.StringComparison]::Ordinal)) { continue }
        $tip = $__svc_description["$cmd $candidate"]
        if ($null -eq $tip) { $tip = $candidate } else { $tip = $tip[0] }
        [System.Management.Automation.CompletionResult]::new("$prefix$candidate", $candidate, 'ParameterValue', $tip)
    }
}
`;
}
