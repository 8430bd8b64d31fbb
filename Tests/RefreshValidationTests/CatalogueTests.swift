import Foundation
import RefreshValidation
import Testing

/// The catalogue is the one list of checks; the README's table must be it.
@Suite struct CatalogueTests {
    @Test("ids are unique, start with their group, and levels are 1-10")
    func shape() {
        let ids = Catalogue.checks.map(\.id)
        #expect(Set(ids).count == ids.count)
        for check in Catalogue.checks {
            #expect(check.id.hasPrefix(check.group.rawValue + "."), "\(check.id)")
            #expect((1...10).contains(check.level))
            #expect(!check.documentation.isEmpty && !check.documentation.contains("\n"))
        }
        #expect(Set(Catalogue.checks.map(\.group)) == Set(Check.Group.allCases))
    }

    @Test("--only matches ids, groups and globs")
    func matching() {
        #expect(Catalogue.matching("lifecycle.done-*").map(\.id) == ["lifecycle.done-once", "lifecycle.done-deadline"])
        #expect(Catalogue.matching("budgets").map(\.id) == ["budgets.callback-time", "budgets.layers", "budgets.images"])
        #expect(Catalogue.matching("values.finite, loading.entry").map(\.id) == ["loading.entry", "values.finite"])
        #expect(Catalogue.matching("nothing").isEmpty)
        #expect(Catalogue.matching(nil).count == Catalogue.checks.count)
    }

    @Test("the README's Validation section lists exactly the catalogue")
    func readme() throws {
        let readme = try String(contentsOfFile: TestPaths.repository + "/README.md", encoding: .utf8)
        #expect(readme.contains(Catalogue.markdown), "regenerate the table with `refresh-host validate --list-checks --markdown`")
    }

    @Test("the guide states how many checks validate runs")
    func guideCount() throws {
        let guide = try String(contentsOfFile: TestPaths.repository + "/docs/writing-a-style.md", encoding: .utf8)
        #expect(guide.contains("conformance suite: \(Catalogue.checks.count) checks from loading to fuzzing"))
    }
}
