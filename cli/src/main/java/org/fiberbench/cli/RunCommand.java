package org.fiberbench.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.function.UnaryOperator;
import org.fiberbench.db.DbRun;
import org.fiberbench.engine.Defaults;
import org.fiberbench.engine.Engine;
import org.fiberbench.engine.ExecutorOverride;
import org.fiberbench.engine.Plan;
import org.fiberbench.engine.RunContext;
import org.fiberbench.engine.Shard;
import org.fiberbench.engine.Suite;
import org.fiberbench.engine.suite.Suites;
import org.fiberbench.engine.sweep.RateSweep;
import org.fiberbench.engine.sweep.Sweep;
import org.fiberbench.fork.Jdk;
import org.fiberbench.gate.Target;
import org.fiberbench.result.RunDirectory;
import org.fiberbench.spec.SpecException;
import org.fiberbench.workload.FileWorkloadDefaults;
import org.fiberbench.workload.user.UserClassPath;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code fiberbench run [SUITE...]} or an ad-hoc matrix of {@code --executor/--workload/--load}. */
@Command(name = "run", mixinStandardHelpOptions = true,
        description = {"Run suites, or every combination of the given executors, workloads and loads.",
            "With no suite and no --executor: the default showdown, every default suite at quick scale."})
final class RunCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(arity = "0..*", paramLabel = "SUITE", description = "suites to run (see 'fiberbench list suites')")
    List<String> suites = new ArrayList<>();

    @ArgGroup(exclusive = true)
    ScaleGroup scale = new ScaleGroup();

    static final class ScaleGroup {
        @Option(names = "--quick", description = "quick scale, for a 2-core laptop (default)")
        boolean quick;

        @Option(names = "--full", description = "the original experiment's full parameters (see docs/origins.md)")
        boolean full;
    }

    @Option(names = {"-e", "--executor"}, paramLabel = "SPEC", description = "executor spec; repeat for several")
    List<String> executors = new ArrayList<>();

    @Option(names = {"-w", "--workload"}, paramLabel = "SPEC", description = "workload spec; repeat for several")
    List<String> workloads = new ArrayList<>();

    @Option(names = {"-l", "--load"}, paramLabel = "SPEC", description = "load model spec; repeat for several")
    List<String> loads = new ArrayList<>();

    @Mixin
    MeasureOptions measure = new MeasureOptions();

    @Mixin
    PrecisionFlags precision = new PrecisionFlags();

    @Mixin
    ObserveFlags observe = new ObserveFlags();

    @Mixin
    DbFlags db = new DbFlags();

    @Mixin
    GateFlags gate = new GateFlags();

    @Option(names = "--out", paramLabel = "DIR", description = "run directory (default results/<timestamp>-<suite>)")
    Path out;

    @Option(names = "--force", description = "with --out: write into DIR even when it already holds a run, replacing its results")
    boolean force;

    @Option(names = "--sweep", paramLabel = "PARAM=VALUES",
            description = {"workers|carriers|threads|tasks=1..8 (or =1,2,4): each scenario per value, with an inline baseline;",
                "rate=LO..HI:STEP (or =A,B,C): open model at each rate, stopping once --sla is broken"})
    String sweep;

    @Option(names = "--sla", paramLabel = "pNN=D", description = "with --sweep: e.g. p99=50ms; percentiles p50, p90, p99, "
            + "p99.9, p99.99, max; repeat or comma-separate for several")
    List<String> sla = new ArrayList<>();

    @Option(names = "--jdk", paramLabel = "PATH|N", description = {"run every scenario on this JDK: a JDK home, or a "
            + "feature version found among the installed JDKs (see 'fiberbench list jdks'); repeat to compare JDKs"})
    List<String> jdks = new ArrayList<>();

    @Option(names = "--dir", paramLabel = "DIR", description = "directory for the file workload's files (default: the temp directory)")
    Path fileDir;

    @Option(names = "--classpath", paramLabel = "PATH[:PATH]", description = {"jars or class directories where class: "
            + "workloads also find their classes, in the run and every fork and worker; repeat or ':'-separate for several",
        "(FIBERBENCH_CLASSPATH puts them on fiberbench's own class path instead)"})
    List<String> classPath = new ArrayList<>();

    @Option(names = {"-v", "--verbose"}, description = "also print JMH's own output")
    boolean verbose;

    @Option(names = "--shard", paramLabel = "K/N", description = {"run only part K of N of the planned scenarios, the same part"
            + " on every machine; 'fiberbench merge' joins the N run directories (see docs/scale-out.md)"})
    String shard;

    @Option(names = "--dry-run", description = "validate every spec and flag, print the scenarios, and stop: nothing is run or written")
    boolean dryRun;

    @Override
    public Integer call() throws Exception {
        RunDirectory.checkOut(out, force); // before the plan, the database check or anything else runs
        Plan plan = plan();
        var wanted = precision.resolve(isDefaultShowdown());
        gate.check(Target.of(plan)); // a threshold the plan cannot meet is bad input, found before anything runs
        if (dryRun) {
            return DryRun.print(plan, db.options(), System.out);
        }
        List<String> observeWarnings = new ArrayList<>();
        var observed = observe.resolve(observeWarnings);
        DbRun database = DbRun.open(plan, db.options()); // checks the database before anything runs
        // this run's options, handed to the engine: nothing JVM-wide, so the next run in this JVM starts clean
        RunContext context = RunContext.DEFAULT.withObserve(observed).withVerbose(verbose).withHook(database.hook())
                .withPrecision(wanted);
        RunDirectory run = RunDirectory.create(out, force, plan.name(), plan.scale(),
                "run " + String.join(" ", DbRun.maskArgs(commandArgs())));
        if (plan.sharding() != null) {
            run.put("shard", plan.sharding().section());
        }
        System.err.printf("fiberbench: %d scenarios%s, results in %s%n", plan.scenarios().size(), plan.sharding() == null ? ""
                : " (shard " + plan.sharding().shard() + " of a plan of " + plan.sharding().planned() + ")", run.dir());
        for (String w : run.warnings()) {
            System.err.println("WARNING: " + w);
        }
        ObserveFlags.warn(observeWarnings, run);
        Engine engine = new Engine(plan, run, context, System.err, () -> {
            org.fiberbench.cli.profile.RunProfileDiffs.addTo(run);
            Sweep.annotate(run);
            AfterRun.finish(run, gate, plan.name());
        });
        if (isRateSweep()) {
            engine.listener(new RateSweep(run, sla));
        }
        return gate.exit(engine.run());
    }

    /** The arguments after {@code run}, as given: the {@code command} field of results. */
    private List<String> commandArgs() {
        List<String> all = spec.commandLine().getParseResult().originalArgs();
        int at = all.indexOf(spec.name());
        return at < 0 ? all : all.subList(at + 1, all.size());
    }

    /** Validates every spec and flag before anything is written. */
    Plan plan() {
        Path dir = FileWorkloadDefaults.directory(fileDir); // a bad --dir is reported before any spec
        UserClassPath.parse(classPath); // a bad --classpath too, whether or not a class: workload uses it
        List<Jdk> chosen = JdkChoice.resolve(jdks, measure);
        Plan plan = unswept().withWorkloads(w -> FileWorkloadDefaults.withDirectory(w, dir));
        if (sweep != null && !isRateSweep()) {
            plan = new Plan(plan.name(), plan.scale(), Sweep.parse(sweep).expand(plan.scenarios()));
        }
        plan = plan.onJdks(chosen);
        if (shard == null) {
            return plan;
        }
        Shard part = Shard.parse(shard);
        if (isRateSweep()) {
            throw new SpecException("--shard " + shard + " with --sweep rate: a rate sweep stops at the first broken --sla, "
                    + "so its rates cannot run apart; accepted: --shard with suites or -e/-w/-l matrices");
        }
        return plan.shard(part); // after the JDKs: a shard is a part of every scenario on every JDK
    }

    /** {@code --classpath} as the completion of class: workload specs; a missing entry is reported here. */
    private UnaryOperator<org.fiberbench.spec.Spec> userClasses() {
        return UserClassPath.adding(UserClassPath.parse(classPath));
    }

    /** {@code ./fiberbench run} alone (scale flags allowed): the showdown with its own iteration counts. */
    private boolean isDefaultShowdown() {
        return suites.isEmpty() && executors.isEmpty() && workloads.isEmpty() && loads.isEmpty() && sweep == null
                && measure.iterations == null;
    }

    private boolean isRateSweep() {
        return sweep != null && sweep.trim().startsWith("rate");
    }

    private Plan unswept() {
        var overrides = measure.overrides();
        if (isRateSweep() || !sla.isEmpty()) {
            if (!isRateSweep() || !suites.isEmpty()) {
                throw new SpecException("--sla needs --sweep rate=..., and --sweep rate runs -e/-w/-l specs, not suites");
            }
            return RateSweep.plan(executors, workloads, loads, Defaults.SETTINGS.with(overrides), sweep, sla, userClasses());
        }
        if (!suites.isEmpty() && !executors.isEmpty() && workloads.isEmpty() && loads.isEmpty()) {
            Suite.Scale sc = scale.full ? Suite.Scale.FULL : Suite.Scale.QUICK;
            return ExecutorOverride.apply(Plan.suites(suites.stream().map(Suites::of).toList(), sc, overrides), executors);
        }
        boolean adhoc = !executors.isEmpty() || !workloads.isEmpty() || !loads.isEmpty();
        if (adhoc && !suites.isEmpty()) {
            throw new SpecException("name suites (optionally with -e to replace their executors) "
                    + "or give --executor/--workload/--load, not both");
        }
        if (adhoc) {
            return Plan.adhoc(executors, workloads, loads, Defaults.SETTINGS.with(overrides), userClasses());
        }
        Suite.Scale sc = scale.full ? Suite.Scale.FULL : Suite.Scale.QUICK;
        List<Suite> chosen = suites.isEmpty() ? Suites.defaultShowdown() : suites.stream().map(Suites::of).toList();
        return Plan.suites(chosen, sc, overrides);
    }
}
