// The module's C-ABI functions, which the page (Web/search-engine.js) and the test runner
// (Scripts/dev/wasm-engine.mjs) call. Strings cross as UTF-8 in linear memory: the caller allocates
// with `wc_alloc`, writes, calls, reads the answer at `wc_output()` (`wc_output_length()` bytes,
// JSON) and frees what it allocated with `wc_free`.
import SearchEngine

/// The last answer, kept until the next call.
nonisolated(unsafe) var output: [UInt8] = []

/// `count` bytes for the caller to write into.
@_expose(wasm, "wc_alloc")
@_cdecl("wc_alloc")
func wcAlloc(_ count: Int) -> UnsafeMutableRawPointer {
    UnsafeMutableRawPointer.allocate(byteCount: max(count, 1), alignment: 8)
}

/// Frees what `wc_alloc` gave.
@_expose(wasm, "wc_free")
@_cdecl("wc_free")
func wcFree(_ pointer: UnsafeMutableRawPointer?) {
    pointer?.deallocate()
}

/// Where the last answer starts.
@_expose(wasm, "wc_output")
@_cdecl("wc_output")
func wcOutput() -> UnsafeRawPointer? {
    output.withUnsafeBytes { $0.baseAddress }
}

/// How long the last answer is, in bytes.
@_expose(wasm, "wc_output_length")
@_cdecl("wc_output_length")
func wcOutputLength() -> Int { output.count }

/// Sets each zone's timeline (`WasmPlanner.timelines`: the feed's offsets and transitions) and the
/// instant searches are for (seconds since 1970), from which search takes each zone's facts then:
/// returns how many zones were read, or -1 for a malformed text (then nothing changes).
@_expose(wasm, "wc_set_timelines")
@_cdecl("wc_set_timelines")
func wcSetTimelines(_ text: UnsafePointer<UInt8>, _ count: Int, _ instant: Double) -> Int {
    guard let timelines = WasmPlanner.timelines(String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self)) else {
        return -1
    }
    WasmPlanner.timelines = timelines
    WasmSearch.zones = ZoneTimelines(timelines, at: Int64(instant))
    return timelines.count
}

/// Plans a meeting (`WasmPlanner.answer`: the request a field a line) over the timelines set:
/// the answer is the plan's JSON, or `{"error":{"code":…,"message":…}}`.
@_expose(wasm, "wc_plan")
@_cdecl("wc_plan")
func wcPlan(_ text: UnsafePointer<UInt8>, _ count: Int) -> Int {
    output = WasmPlanner.answer(String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self))
    return output.count
}

/// `MeetingRequest`'s limits as JSON (`WasmPlanner.limits`): the page plans within them instead
/// of keeping its own.
@_expose(wasm, "wc_plan_limits")
@_cdecl("wc_plan_limits")
func wcPlanLimits() -> Int {
    output = WasmPlanner.limits()
    return output.count
}

/// Searches for the UTF-8 query at `text`, at most `limit` results (0: all): the answer is the
/// feed's search JSON, or `{"error":{"code":…,"message":…}}` for a query search refuses.
@_expose(wasm, "wc_search")
@_cdecl("wc_search")
func wcSearch(_ text: UnsafePointer<UInt8>, _ count: Int, _ limit: Int) -> Int {
    let query = String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self)
    output = WasmSearch.answer(query, limit: limit > 0 ? limit : nil)
    return output.count
}

/// Prepares the catalogue (its places and the index's lookups), so that the first keystroke
/// does not pay for it.
@_expose(wasm, "wc_prepare")
@_cdecl("wc_prepare")
func wcPrepare() -> Int { WasmSearch.catalogue.engine.places.count }

/// The changes coming to my clocks within four weeks of `instant` (seconds since 1970), over the
/// timelines set (`WasmChanges.answer`: the request a field a line): a JSON array, one entry a place.
@_expose(wasm, "wc_changes")
@_cdecl("wc_changes")
func wcChanges(_ text: UnsafePointer<UInt8>, _ count: Int, _ instant: Double) -> Int {
    output = WasmChanges.answer(String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self), instant: Int64(instant))
    return output.count
}
