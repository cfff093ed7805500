package org.fiberbench.cli.profile;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.fiberbench.report.profile.ProfileDiff;
import org.fiberbench.spec.SpecException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code fiberbench profile diff A B}. */
@Command(name = "profile", mixinStandardHelpOptions = true, description = "Work with the profiles runs recorded.",
        subcommands = {ProfileCommand.Diff.class})
public final class ProfileCommand {

    @Command(name = "diff", mixinStandardHelpOptions = true,
            description = {"Compare two profiles frame by frame: self and total shares of samples on each side, "
                + "the difference (B - A), and the frames only one side has.",
                "A and B: collapsed-stacks files, or RUN_DIR:SCENARIO (id, id prefix such as 02, or index)."})
    static final class Diff implements Callable<Integer> {
        private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

        @Parameters(index = "0", paramLabel = "A", description = "the baseline profile")
        String a;

        @Parameters(index = "1", paramLabel = "B", description = "the profile compared with A")
        String b;

        @Option(names = "--top", paramLabel = "N", description = "frames per list (default ${DEFAULT-VALUE})")
        int top = ProfileDiff.DEFAULT_TOP;

        @Option(names = "--min-pct", paramLabel = "P", description = "ignore frames below P%% of samples (default ${DEFAULT-VALUE})")
        double minPct = ProfileDiff.DEFAULT_MIN_PCT;

        @Option(names = "--json", description = "print the diff as JSON (the results.json profile_diffs element)")
        boolean json;

        @Option(names = "--save", description = "when A and B are scenarios of one run: add the diff to its results.json")
        boolean save;

        @Override
        public Integer call() throws IOException {
            ProfileSources sa = ProfileSources.resolve(a);
            ProfileSources sb = ProfileSources.resolve(b);
            String event = sa.event().equals(sb.event()) ? sa.event() : sa.event() + "/" + sb.event();
            ProfileDiff d = ProfileDiff.of(sa.file(), sb.file(), sa.label(), sb.label(), event, top, minPct);
            System.out.print(json ? JSON.writeValueAsString(d.toMap()) + System.lineSeparator() : d.toText());
            if (save) {
                if (sa.run() == null || !sa.run().toAbsolutePath().normalize().equals(sb.run().toAbsolutePath().normalize())) {
                    throw new SpecException("--save needs A and B from the same run directory (RUN_DIR:SCENARIO)");
                }
                RunProfileDiffs.save(sa.run(), d.toMap());
                System.err.println("saved in " + Path.of(sa.run().toString(), "results.json"));
            }
            return 0;
        }
    }
}
