import BuildStamp

/// Which build of worldclock this is: the one definition `worldclock --version` prints and the
/// server's `/v1/meta` gives (`"server": {"version": …, "commit": …}`).
public enum WorldClockBuild {
    /// The release ("1.0.0").
    public static let version = "1.0.0"

    /// The commit the binary was built from ("4f20dfe"), as `Scripts/package` passes it in
    /// `WORLDCLOCK_COMMIT`; nil for any other build (a development build, the tests').
    public static var commit: String? {
        let commit = String(cString: wc_build_commit())
        return commit.isEmpty ? nil : commit
    }
}
