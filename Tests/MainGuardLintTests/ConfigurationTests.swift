import Foundation
import Testing
@testable import MainGuardLint

@Suite struct ConfigurationTests {
    let vocabulary = ConfigurationVocabulary(
        ruleIDs: ["blocking_call_on_main_actor", "detached_task_default_priority", "sync_work_in_main_actor_task"],
        reporterNames: ["xcode", "sarif"]
    )

    func parse(_ yaml: String, base: String = "/app") throws(ConfigurationError) -> Configuration {
        try ConfigurationLoader.parse(yaml: yaml, file: ".mainguard.yml", baseDirectory: base, vocabulary: vocabulary)
    }

    func error(_ yaml: String) -> ConfigurationError? {
        do {
            _ = try parse(yaml)
            return nil
        } catch {
            return error
        }
    }

    @Test func readsEveryKey() throws {
        let configuration = try parse("""
        included: [Sources, ./App/]
        excluded:
          - "**/Generated/**"
          - /abs/Vendor
        disabled_rules: [detached_task_default_priority]
        only_rules: [blocking_call_on_main_actor, sync_work_in_main_actor_task]
        main_actor_types: [KitViewController, KitView]
        default_isolation: MainActor
        upcoming_features: [NonisolatedNonsendingByDefault]
        reporter: sarif
        strict: true
        blocking_call_on_main_actor:
          severity: error
          extra_blocking_apis: [MyDB.fetchAll, loadSync]
        sync_work_in_main_actor_task: off
        """)
        #expect(configuration.included == ["/app/Sources", "/app/App"])
        #expect(configuration.excluded == ["/app/**/Generated/**", "/abs/Vendor"])
        #expect(configuration.disabledRules == ["detached_task_default_priority"])
        #expect(configuration.onlyRules == ["blocking_call_on_main_actor", "sync_work_in_main_actor_task"])
        #expect(configuration.mainActorTypes == ["KitViewController", "KitView"])
        #expect(configuration.defaultIsolation == .mainActor)
        #expect(configuration.upcomingFeatures == ["NonisolatedNonsendingByDefault"])
        #expect(configuration.reporter == "sarif")
        #expect(configuration.strict == true)
        #expect(configuration.rules["blocking_call_on_main_actor"] == RuleConfiguration(
            severity: .severity(.error), extraBlockingAPIs: ["MyDB.fetchAll", "loadSync"]))
        #expect(configuration.rules["sync_work_in_main_actor_task"]?.severity == .off)
        #expect(configuration.extraBlockingAPIs == ["MyDB.fetchAll", "loadSync"])
    }

    @Test func emptyFileIsTheDefaultConfiguration() throws {
        #expect(try parse("") == Configuration())
        #expect(try parse("# only a comment\n") == Configuration())
    }

    @Test func unknownTopLevelKeyNamesLineAndKey() {
        let error = error("strict: false\nexclude: [Tests]\n")
        #expect(error?.line == 2)
        #expect(error?.key == "exclude")
        #expect(error?.description.hasPrefix(".mainguard.yml:2: error: exclude: unknown key") == true)
    }

    @Test func unknownRuleIDInListNamesItsLine() {
        let error = error("disabled_rules:\n  - detached_task_default_priority\n  - blocking_cal\n")
        #expect(error?.line == 3)
        #expect(error?.key == "disabled_rules")
        #expect(error?.problem.contains("'blocking_cal' is not a MainGuard rule") == true)
    }

    @Test func unknownRuleOptionAndSeverity() {
        let option = error("blocking_call_on_main_actor:\n  severity: error\n  extra_apis: [x]\n")
        #expect(option?.line == 3)
        #expect(option?.key == "blocking_call_on_main_actor.extra_apis")
        let severity = error("blocking_call_on_main_actor:\n  severity: fatal\n")
        #expect(severity?.line == 2)
        #expect(severity?.key == "blocking_call_on_main_actor.severity")
        #expect(severity?.problem == "expected one of warning, error, off")
    }

    @Test func wrongTypesAreErrors() {
        #expect(error("strict: sometimes")?.key == "strict")
        #expect(error("excluded: Tests")?.problem == "expected a list of strings")
        #expect(error("excluded:\n  - [nested]\n")?.line == 2)
        #expect(error("default_isolation: Main")?.problem == "expected one of MainActor, nonisolated")
        #expect(error("reporter: html")?.problem == "expected one of sarif, xcode")
        #expect(error("upcoming_features: [ApproachableConcurrency]")?.key == "upcoming_features")
        #expect(error("- just\n- a list\n")?.problem == "expected a mapping of keys to values at the top level")
        #expect(error("blocking_call_on_main_actor: [error]")?.key == "blocking_call_on_main_actor")
    }

    @Test func yamlSyntaxErrorsAndDuplicateKeysNameTheLine() {
        let syntax = error("strict: true\nexcluded: [a, b\n")
        #expect(syntax?.problem.hasPrefix("not valid YAML") == true)
        #expect(syntax?.line ?? 0 >= 2)
        let duplicate = error("strict: true\nstrict: false\n")
        #expect(duplicate?.key == "strict")
    }

    @Test func unreadableFileIsAnError() {
        #expect(throws: ConfigurationError.self) {
            try ConfigurationLoader.load(file: "/nonexistent/.mainguard.yml", vocabulary: vocabulary)
        }
    }

    @Test func severityStrictAndDisabledRulesAdjustFindings() throws {
        let finding = Finding(ruleID: "sync_work_in_main_actor_task", severity: .warning, message: "m", file: "a.swift", line: 1, column: 1)
        #expect(try parse("disabled_rules: [sync_work_in_main_actor_task]").adjusted(finding) == nil)
        #expect(try parse("sync_work_in_main_actor_task: off").adjusted(finding) == nil)
        #expect(try parse("only_rules: [blocking_call_on_main_actor]").adjusted(finding) == nil)
        #expect(try parse("sync_work_in_main_actor_task: error").adjusted(finding)?.severity == .error)
        #expect(try parse("strict: true").adjusted(finding)?.severity == .error)
        #expect(try parse("strict: false").adjusted(finding) == finding)
    }

    @Test func nestedConfigurationRefinesItsFolder() throws {
        let root = try parse("""
        disabled_rules: [detached_task_default_priority]
        excluded: [Vendor]
        blocking_call_on_main_actor:
          extra_blocking_apis: [MyDB.fetchAll]
        """)
        let child = try parse("""
        excluded: [Generated]
        strict: true
        blocking_call_on_main_actor:
          severity: error
          extra_blocking_apis: [loadSync]
        """, base: "/app/Feature")
        let set = NestedConfigurations(root: root, nested: ["/app/Feature": child])
        let inFeature = set.configuration(forFile: "/app/Feature/View.swift")
        #expect(inFeature.strict == true)
        #expect(inFeature.disabledRules == ["detached_task_default_priority"])
        #expect(inFeature.rules["blocking_call_on_main_actor"] == RuleConfiguration(
            severity: .severity(.error), extraBlockingAPIs: ["MyDB.fetchAll", "loadSync"]))
        #expect(!inFeature.includes(path: "/app/Feature/Generated/API.swift"))
        #expect(!inFeature.includes(path: "/app/Vendor/Lib.swift"))
        #expect(set.configuration(forFile: "/app/FeatureB/View.swift") == root)
        #expect(set.configuration(forFile: "/app/Other.swift").strict == nil)
    }

    @Test func includedLimitsLintingToItsPatterns() throws {
        let configuration = try parse("included: [Sources, \"Tools/*.swift\"]\nexcluded: [Sources/Vendor]\n")
        #expect(configuration.includes(path: "/app/Sources/App/View.swift"))
        #expect(configuration.includes(path: "/app/Tools/gen.swift"))
        #expect(!configuration.includes(path: "/app/Tools/Sub/gen.swift"))
        #expect(!configuration.includes(path: "/app/Tests/ViewTests.swift"))
        #expect(!configuration.includes(path: "/app/Sources/Vendor/Lib.swift"))
    }

    @Test func childOnlyRulesReenablesARuleTheParentDisabled() throws {
        let root = try parse("disabled_rules: [detached_task_default_priority]")
        let child = try parse("only_rules: [detached_task_default_priority]")
        let refined = root.refined(by: child)
        #expect(refined.isEnabled("detached_task_default_priority"))
        #expect(!refined.isEnabled("blocking_call_on_main_actor"))
    }

    @Test func discoversNestedFilesOnDisk() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mainguard-config-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let feature = folder.appendingPathComponent("Sources/Feature")
        try FileManager.default.createDirectory(at: feature, withIntermediateDirectories: true)
        try "strict: false\n".write(to: folder.appendingPathComponent(".mainguard.yml"), atomically: true, encoding: .utf8)
        try "strict: true\n".write(to: feature.appendingPathComponent(".mainguard.yml"), atomically: true, encoding: .utf8)
        let rootFile = folder.appendingPathComponent(".mainguard.yml").path
        let root = try ConfigurationLoader.load(file: rootFile, vocabulary: vocabulary)
        let set = try NestedConfigurations.discover(root: root, rootFile: rootFile, under: [folder.path], vocabulary: vocabulary)
        #expect(set.nested.count == 1)
        let featureFolder = feature.standardizedFileURL.path
        #expect(set.configuration(forFile: featureFolder + "/View.swift").strict == true)
        #expect(set.configuration(forFile: folder.standardizedFileURL.path + "/Sources/Other.swift").strict == false)
    }

    @Test func discoveryWalksLikeTheFileCollectorHiddenFoldersSkippedLinkedFoldersOnce() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mainguard-config-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        for sub in ["Sources/Deep/Deeper", ".build/checkouts/Dep", "Shared"] {
            try FileManager.default.createDirectory(at: folder.appendingPathComponent(sub), withIntermediateDirectories: true)
        }
        for sub in ["Sources/Deep/Deeper", ".build/checkouts/Dep", "Shared"] {
            try "strict: true\n".write(to: folder.appendingPathComponent(sub + "/.mainguard.yml"), atomically: true, encoding: .utf8)
        }
        try FileManager.default.createSymbolicLink(atPath: folder.path + "/Sources/Linked", withDestinationPath: "../Shared")
        try FileManager.default.createSymbolicLink(atPath: folder.path + "/Sources/Loop", withDestinationPath: "..")
        let set = try NestedConfigurations.discover(root: Configuration(), under: [folder.appendingPathComponent("Sources").path],
                                                    vocabulary: vocabulary)
        let base = folder.standardizedFileURL.path
        #expect(Set(set.nested.keys) == [base + "/Sources/Deep/Deeper", base + "/Sources/Linked"],
                "the hidden .build is skipped, the linked folder is read under its linked name, the loop ends")
    }

    @Test func badNestedFileFailsDiscoveryWithItsPath() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mainguard-config-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("Sub"), withIntermediateDirectories: true)
        let bad = folder.appendingPathComponent("Sub/.mainguard.yml")
        try "strict: true\nonly_rule: []\n".write(to: bad, atomically: true, encoding: .utf8)
        do {
            _ = try NestedConfigurations.discover(root: Configuration(), under: [folder.path], vocabulary: vocabulary)
            Issue.record("expected an error")
        } catch {
            #expect(error.file.hasSuffix("Sub/.mainguard.yml"))
            #expect(error.line == 2)
            #expect(error.key == "only_rule")
        }
    }
}

@Suite struct GlobTests {
    @Test func starStaysInOneComponent() {
        #expect(Glob("/a/*.swift").matches("/a/B.swift"))
        #expect(!Glob("/a/*.swift").matches("/a/b/C.swift"))
        #expect(Glob("/a/?.swift").matches("/a/B.swift"))
        #expect(!Glob("/a/?.swift").matches("/a/BC.swift"))
    }

    @Test func doubleStarCrossesFoldersAndMayBeEmpty() {
        #expect(Glob("/a/**/Gen/*.swift").matches("/a/x/y/Gen/A.swift"))
        #expect(Glob("/a/**/Gen/*.swift").matches("/a/Gen/A.swift"))
        #expect(Glob("/a/**").matches("/a/b/c"))
        #expect(!Glob("/a/**/Gen/*.swift").matches("/b/Gen/A.swift"))
    }

    @Test func folderPatternCoversItsContents() {
        #expect(Glob("/a/Vendor").matchesPathOrAncestor("/a/Vendor/Lib/X.swift"))
        #expect(!Glob("/a/Vendor").matchesPathOrAncestor("/a/VendorKit/X.swift"))
    }
}
