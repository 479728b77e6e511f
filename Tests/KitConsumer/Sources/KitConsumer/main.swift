// A clock app's first screen, built from the kit with nothing but `import WorldClockKit`, beside
// a module that declares `Section` and `Environment` as SwiftUI does. Every name below is used
// unqualified, in type positions too, where a type of the same name that the kit re-exported would
// make it ambiguous and this file fail to build.

import SwiftUINames
import WorldClockKit

let catalogue = try Catalogue.load()
let list = catalogue.list
let sections: [Section] = list.sections.map { Section($0.title, rows: $0.places.count) }
let locale: Environment = Environment("locale")
let file: SystemFile = SystemFile("/etc/localtime")
let seoul = catalogue.place(named: "서울")
precondition(sections.count > 10 && seoul?.zoneID == "Asia/Seoul", "the kit's list is empty or has no 서울")
print("\(sections.count) sections, first \(sections[0]), \(locale.key), \(file.path), 서울 in \(seoul!.zoneID)")
