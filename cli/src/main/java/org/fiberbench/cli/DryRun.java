package org.fiberbench.cli;

import java.io.PrintStream;
import org.fiberbench.db.DbOptions;
import org.fiberbench.engine.Plan;
import org.fiberbench.engine.Scenario;

/**
 * {@code run --dry-run}: the plan, printed. By the time it exists every spec, flag and suite has
 * been validated, so a command that prints a plan here would start running; nothing is forked,
 * no database is contacted and no run directory is made.
 */
final class DryRun {
    private DryRun() {
    }

    /** Prints the plan's scenarios to {@code out}; {@code db} is only validated (its server is not contacted). */
    static int print(Plan plan, DbOptions db, PrintStream out) {
        out.printf("fiberbench: dry run of %s (%s): %d scenarios; nothing is run or written%n",
                plan.name(), plan.scale(), plan.scenarios().size());
        int i = 0;
        for (Scenario s : plan.scenarios()) {
            String jvm = s.settings().jvmArgs().isEmpty() ? "" : "  " + String.join(" ", s.settings().jvmArgs());
            out.printf("[%d/%d] %s%s%n", ++i, plan.scenarios().size(), s.label(), jvm);
        }
        if (plan.scenarios().stream().anyMatch(s -> s.workload().kind().id().equals("jdbc"))) {
            out.println("database: " + db + " (not contacted by a dry run)");
        }
        return 0;
    }
}
