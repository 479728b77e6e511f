import WorldClockKit

/// Shell completion written from the commands' specs: `worldclock --generate-completion-script
/// bash|zsh|fish` (the flag swift-argument-parser had, so existing set-ups keep working). It
/// completes command names, each command's options, file or directory names where an option
/// takes one, section titles after `--section`, place names where a command takes a place
/// (`show`, `add`, `from`, `--from`), and my clocks where it takes one of them (`remove`, `move`).
/// bash and zsh complete `worldclock-server` with the same function (it takes the same commands);
/// fish's file for it wraps `worldclock`'s (Scripts/release/package installs both).
enum CompletionScript {
    static let shells = ["bash", "zsh", "fish"]

    /// The script for `shell`, one of `shells`.
    /// - Parameter words: the values completion offers (section titles, place names).
    static func script(for shell: String, commands: [CommandSpec], words: Words = .bundled) -> String {
        switch shell {
        case "zsh": "#compdef worldclock worldclock-server\nautoload -U +X bashcompinit && bashcompinit\n" + bash(commands, words)
        case "fish": fish(commands, words)
        default: bash(commands, words)
        }
    }

    /// The values completion offers.
    struct Words {
        let sections: [String]
        let places: [String]

        /// From the bundled catalogue: the titles `sections` shows and the listed places' names
        /// (none if it fails to load: completion still has commands and options).
        static var bundled: Words {
            guard let catalogue = try? Catalogue.load() else { return Words(sections: [], places: []) }
            return Words(sections: catalogue.sections.sections.map(\.title.text), places: catalogue.places.map(\.name))
        }
    }

    /// Options whose value is a file or a directory, completed as such.
    private static let pathValues: Set<String> = ["data", "tzdata"]

    /// Commands whose arguments are places from the catalogue.
    private static let placeCommands = ["show", "add", "from"]

    /// Commands whose arguments are my clocks, which the script asks `worldclock clocks --names`
    /// for when it completes (they change between completions).
    private static let myClockCommands = ["remove", "move"]

    private static func bash(_ commands: [CommandSpec], _ words: Words) -> String {
        let cases = commands.map { command in
            let options = (command.options.map { "--\($0.name)" } + ["--help"]).joined(separator: " ")
            return "        \(command.name)) options=\"\(options)\" ;;"
        }
        // One name per line (names hold spaces: 로드 하우), read with IFS set to a newline.
        let places = words.places.map { $0.replacing("'", with: "") }.joined(separator: "\n")
        // An empty word completes to places too: offering options there would insert their common "--".
        func patterns(_ names: [String]) -> String { names.map { "\($0):|\($0):[!-]*" }.joined(separator: "|") }
        return """
            _worldclock_places='\(places)'
            _worldclock() {
                local current=${COMP_WORDS[COMP_CWORD]} previous=${COMP_WORDS[COMP_CWORD-1]} options
                if [ "$COMP_CWORD" -eq 1 ]; then
                    COMPREPLY=($(compgen -W "\(commands.map(\.name).joined(separator: " ")) help --help --version" -- "$current"))
                    return
                fi
                case "$previous" in
                    \(pathValues.sorted().map { "--\($0)" }.joined(separator: "|"))) COMPREPLY=($(compgen -f -- "$current")); return ;;
                    --section) COMPREPLY=($(compgen -W "\(words.sections.joined(separator: " "))" -- "$current")); return ;;
                    --from) local IFS=$'\\n'; COMPREPLY=($(compgen -W "$_worldclock_places" -- "$current")); return ;;
                esac
                case "${COMP_WORDS[1]}:$current" in
                    \(patterns(placeCommands))) local IFS=$'\\n'; COMPREPLY=($(compgen -W "$_worldclock_places" -- "$current")); return ;;
                    \(patterns(myClockCommands)))
                        local IFS=$'\\n'
                        COMPREPLY=($(compgen -W "$("${COMP_WORDS[0]}" clocks --names 2>/dev/null)" -- "$current"))
                        return ;;
                esac
                case "${COMP_WORDS[1]}" in
            \(cases.joined(separator: "\n"))
                    help) options="\(commands.map(\.name).joined(separator: " "))" ;;
                    *) options="" ;;
                esac
                COMPREPLY=($(compgen -W "$options" -- "$current"))
            }
            complete -o default -F _worldclock worldclock worldclock-server

            """
    }

    private static func fish(_ commands: [CommandSpec], _ words: Words) -> String {
        let places = words.places.map(quoted).joined(separator: " ")
        var lines = ["complete -c worldclock -f"]
        lines.append("complete -c worldclock -n '__fish_seen_subcommand_from \(placeCommands.joined(separator: " "))' -a \"\(places)\"")
        lines.append(
            """
            complete -c worldclock -n '__fish_seen_subcommand_from \(myClockCommands.joined(separator: " "))' -a '(worldclock clocks --names \
            2>/dev/null)'
            """
        )
        for command in commands {
            lines.append("complete -c worldclock -n __fish_use_subcommand -a \(command.name) -d \(quoted(command.abstract))")
            for option in command.options {
                let value: String
                if option.valueName == nil {
                    value = ""
                } else if pathValues.contains(option.name) {
                    value = " -r -F"
                } else if option.name == "section" {
                    value = " -r -a \(quoted(words.sections.joined(separator: " ")))"
                } else if option.name == "from" {
                    value = " -r -a \"\(places)\""
                } else {
                    value = " -r"
                }
                lines.append(
                    "complete -c worldclock -n '__fish_seen_subcommand_from \(command.name)' -l \(option.name)\(value) -d \(quoted(option.help))")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `text` in single quotes for fish.
    private static func quoted(_ text: String) -> String {
        "'" + text.replacing("\\", with: "\\\\").replacing("'", with: "\\'") + "'"
    }
}
