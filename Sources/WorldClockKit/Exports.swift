// An app adds the WorldClockKit product and writes `import WorldClockKit`: the types the kit's API
// speaks in (sections and search from HangulIndex, tz rules from TimeZoneRules) come with it.
@_exported import HangulIndex
@_exported import TimeZoneRules
