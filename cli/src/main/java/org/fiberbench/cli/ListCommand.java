package org.fiberbench.cli;

import java.util.concurrent.Callable;
import org.fiberbench.engine.Jdks;
import org.fiberbench.engine.Suite;
import org.fiberbench.engine.suite.Suites;
import org.fiberbench.executor.ExecutorKind;
import org.fiberbench.load.LoadKind;
import org.fiberbench.load.LoadSpec;
import org.fiberbench.workload.WorkloadKind;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/**
 * {@code fiberbench list executors|workloads|loads|suites}: each kind with its keys and an example;
 * {@code list jdks}: the JDKs {@code run --jdk} can name.
 */
@Command(name = "list", mixinStandardHelpOptions = true, description = {"List executors, workloads, load models or suites;",
    "or the installed JDKs (for run --jdk), each probed for virtual threads and custom schedulers."})
final class ListCommand implements Callable<Integer> {

    enum What { executors, workloads, loads, suites, jdks }

    @Parameters(paramLabel = "WHAT", description = "executors, workloads, loads, suites or jdks")
    What what;

    @Override
    public Integer call() {
        StringBuilder sb = new StringBuilder();
        switch (what) {
            case executors -> {
                for (ExecutorKind k : ExecutorKind.all()) {
                    sb.append(String.format("%-13s keys: %-28s e.g. %s%n              %s%n", k.id(),
                            k.keys().isEmpty() ? "-" : String.join(", ", k.keys()), k.example(), k.description()));
                }
            }
            case workloads -> {
                for (WorkloadKind k : WorkloadKind.all()) {
                    sb.append(String.format("%-8s keys: %-24s e.g. %s%n         %s%n", k.id(),
                            k.keys().isEmpty() ? "-" : String.join(", ", k.keys()) + (k.takesOtherKeys() ? ", KEY..." : ""),
                            k.example(), k.description()));
                }
            }
            case loads -> {
                for (LoadKind k : LoadSpec.kinds()) {
                    sb.append(String.format("%-8s keys: %-24s e.g. %s%n         %s%n", k.id(), String.join(", ", k.keys()),
                            k.example(), k.description()));
                }
            }
            case suites -> {
                for (Suite s : Suites.all()) {
                    boolean inDefault = Suites.defaultShowdown().contains(s);
                    sb.append(String.format("%-13s %-27s %s%s%n", s.name(), Experiments.of(s.name()), s.description(),
                            inDefault ? " [default run]" : ""));
                }
            }
            case jdks -> sb.append(JdkList.render(new Jdks(System.getenv())));
        }
        System.out.print(sb);
        return 0;
    }
}
