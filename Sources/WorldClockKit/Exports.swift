// An app adds the WorldClockKit product and writes `import WorldClockKit`: the types the kit's API
// speaks in (sections and search from HangulIndex, search's rules and outcome from SearchEngine,
// the meeting planner from MeetingPlanning, tz rules from TimeZoneRules) come with it.
@_exported import HangulIndex
@_exported import MeetingPlanning
@_exported import SearchEngine
@_exported import TimeZoneRules
