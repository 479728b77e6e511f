// A clock app's first screen, built from the kit with nothing but `import WorldClockKit`, beside
// a module that declares `Section` and `Environment` as SwiftUI does. Every name below is used
// unqualified: a type of the same name that the kit re-exported would make this file fail to build.

import SwiftUINames
import WorldClockKit

let catalogue = try Catalogue.load()
let list = catalogue.list
let sections = list.sections.map { Section($0.title, rows: $0.places.count) }
let locale = Environment("locale")
let file = SystemFile("/etc/localtime")
let seoul = catalogue.place(named: "서울")
precondition(sections.count > 10 && seoul?.zoneID == "Asia/Seoul", "the kit's list is empty or has no 서울")
print("\(sections.count) sections, first \(sections[0]), \(locale.key), \(file.path), 서울 in \(seoul!.zoneID)")
