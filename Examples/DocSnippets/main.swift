// The Swift code of docs/ and of the kit's DocC guide, compiled: each file holds one page's blocks
// as they are written there (DocSnippetTests holds the two to each other, line for line), inside a
// function where a block needs names from the page's prose (a catalogue, the feed's bytes).
// Run, it prints nothing; built, it proves the pages' code still compiles against the API.
if CommandLine.arguments.count > 1 {
    try designSectionIndex()
    try kitOverview()
    kitUpcomingChange()
    try kitSections()
}
