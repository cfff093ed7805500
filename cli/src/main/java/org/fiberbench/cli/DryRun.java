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
        Plan.Sharding sharding = plan.sharding();
        String part = sharding == null ? "" : " in shard " + sharding.shard() + " of " + sharding.planned() + " planned";
        out.printf("fiberbench: dry run of %s (%s): %d scenarios%s; nothing is run or written%n",
                plan.name(), plan.scale(), plan.scenarios().size(), part);
        int total = sharding == null ? plan.scenarios().size() : sharding.planned();
        for (int i = 0; i < plan.scenarios().size(); i++) {
            Scenario s = plan.scenarios().get(i);
            String jvm = s.settings().jvmArgs().isEmpty() ? "" : "  " + String.join(" ", s.settings().jvmArgs());
            out.printf("[%d/%d] %s%s%n", plan.number(i), total, s.label(), jvm);
        }
        if (plan.scenarios().stream().anyMatch(s -> s.workload().kind().id().equals("jdbc"))) {
            out.println("database: " + db + " (not contacted by a dry run)");
        }
        return 0;
    }
}
