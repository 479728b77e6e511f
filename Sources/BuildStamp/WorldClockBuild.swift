import CBuildStamp

/// Which build of worldclock this is: the one definition `worldclock --version` prints and the
/// server's `/v1/meta` gives (`"server": {"version": …, "commit": …}`).
package enum WorldClockBuild {
    /// The release ("2.0.0"), as semantic versioning numbers it: the major number rises when the kit's API breaks (CHANGELOG.md).
    package static let version = "3.0.0"

    /// The commit the binary was built from ("4f20dfe"), as `Scripts/release/package` passes it in
    /// `WORLDCLOCK_COMMIT`; nil for any other build (a development build, the tests').
    package static var commit: String? {
        let commit = String(cString: wc_build_commit())
        return commit.isEmpty ? nil : commit
    }
}
