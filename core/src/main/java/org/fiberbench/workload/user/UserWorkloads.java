package org.fiberbench.workload.user;

import java.util.LinkedHashSet;
import java.util.List;
import org.fiberbench.workload.WorkloadKind;
import org.fiberbench.workload.WorkloadProvider;

/** Provides the {@code class} workload kind to the registry (named in META-INF/services). */
public final class UserWorkloads implements WorkloadProvider {
    public static final String ID = "class";

    @Override
    public List<WorkloadKind> kinds() {
        return List.of(new WorkloadKind(ID, new LinkedHashSet<>(List.of(ClassWorkload.NAME, ClassWorkload.JAR)),
                "class:name=org.fiberbench.workload.user.SquareRootSum,iterations=100000",
                "your own task: a public class implementing org.fiberbench.api.Workload, from jar=PATH[:PATH],"
                        + " --classpath or FIBERBENCH_CLASSPATH; every other key is one of its parameters",
                ClassWorkload::canonical, ClassWorkload::new).withOtherKeys());
    }
}
