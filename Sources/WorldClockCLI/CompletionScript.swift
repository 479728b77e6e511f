import Foundation

/// Shell completion written from the commands' specs: `worldclock --generate-completion-script
/// bash|zsh|fish` (the flag swift-argument-parser had, so existing set-ups keep working). It
/// completes command names, each command's options, and file or directory names where an option
/// takes one.
enum CompletionScript {
    static let shells = ["bash", "zsh", "fish"]

    /// The script for `shell`, one of `shells`.
    static func script(for shell: String, commands: [CommandSpec]) -> String {
        switch shell {
        case "zsh": "#compdef worldclock\nautoload -U +X bashcompinit && bashcompinit\n" + bash(commands)
        case "fish": fish(commands)
        default: bash(commands)
        }
    }

    /// Options whose value is a file or a directory, completed as such.
    private static let pathValues: Set<String> = ["data", "tzdata"]

    private static func bash(_ commands: [CommandSpec]) -> String {
        let cases = commands.map { command in
            let options = (command.options.map { "--\($0.name)" } + ["--help"]).joined(separator: " ")
            return "        \(command.name)) options=\"\(options)\" ;;"
        }
        return """
            _worldclock() {
                local current=${COMP_WORDS[COMP_CWORD]} previous=${COMP_WORDS[COMP_CWORD-1]} options
                if [ "$COMP_CWORD" -eq 1 ]; then
                    COMPREPLY=($(compgen -W "\(commands.map(\.name).joined(separator: " ")) help --help --version" -- "$current"))
                    return
                fi
                case "$previous" in
                    \(pathValues.sorted().map { "--\($0)" }.joined(separator: "|"))) COMPREPLY=($(compgen -f -- "$current")); return ;;
                esac
                case "${COMP_WORDS[1]}" in
            \(cases.joined(separator: "\n"))
                    help) options="\(commands.map(\.name).joined(separator: " "))" ;;
                    *) options="" ;;
                esac
                COMPREPLY=($(compgen -W "$options" -- "$current"))
            }
            complete -o default -F _worldclock worldclock

            """
    }

    private static func fish(_ commands: [CommandSpec]) -> String {
        var lines = ["complete -c worldclock -f"]
        for command in commands {
            lines.append("complete -c worldclock -n __fish_use_subcommand -a \(command.name) -d \(quoted(command.abstract))")
            for option in command.options {
                let value = option.valueName == nil ? "" : pathValues.contains(option.name) ? " -r -F" : " -r"
                lines.append("complete -c worldclock -n '__fish_seen_subcommand_from \(command.name)' -l \(option.name)\(value) -d \(quoted(option.help))")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `text` in single quotes for fish.
    private static func quoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'") + "'"
    }
}
