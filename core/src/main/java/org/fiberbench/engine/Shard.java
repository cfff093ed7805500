package org.fiberbench.engine;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;
import org.fiberbench.spec.SpecException;

/**
 * {@code --shard K/N}: the K-th of N disjoint parts of a plan, so N machines can run one plan and
 * {@code merge} can join them. Which part a scenario falls in depends only on the plan's scenario
 * identities (executor × workload × load and JVM options), never on the machine, the JDK or the
 * order of a hash map: each identity is hashed with SHA-256, the scenarios are sorted by that hash,
 * and the i-th of them goes to part {@code i mod N + 1}. Sorting then dealing keeps the parts within
 * one scenario of each other, which hashing each scenario to a part on its own would not.
 *
 * @param index 1-based part number, 1..count
 * @param count how many parts the plan is cut into
 */
public record Shard(int index, int count) {

    public Shard {
        if (count < 1 || index < 1 || index > count) {
            throw new SpecException("--shard " + index + "/" + count + " is out of range; accepted: K/N with 1 <= K <= N, e.g. 1/2");
        }
    }

    /** Parses {@code K/N}; anything else is bad input named in one line. */
    public static Shard parse(String text) {
        String t = text == null ? "" : text.trim();
        if (!t.matches("[0-9]{1,6}/[0-9]{1,6}")) {
            throw new SpecException("--shard '" + text + "' is not K/N; accepted: K/N with 1 <= K <= N, e.g. 1/2 or 3/4");
        }
        String[] p = t.split("/");
        return new Shard(Integer.parseInt(p[0]), Integer.parseInt(p[1]));
    }

    /** The scenario's identity as sharding sees it: the same text on every machine. */
    static String identity(Scenario s) {
        return s.label() + (s.settings().jvmArgs().isEmpty() ? "" : " " + String.join(" ", s.settings().jvmArgs()));
    }

    /**
     * The 0-based positions, in plan order, of the scenarios in this part. A plan with fewer
     * scenarios than parts is refused: some part would run nothing.
     */
    List<Integer> positions(List<Scenario> scenarios) {
        if (count > scenarios.size()) {
            throw new SpecException("--shard " + index + "/" + count + ": the plan has " + scenarios.size()
                    + " scenarios, so at most " + scenarios.size() + " shards; accepted: N <= " + scenarios.size());
        }
        List<Integer> order = new ArrayList<>();
        List<String> hashes = new ArrayList<>();
        for (int i = 0; i < scenarios.size(); i++) {
            order.add(i);
            hashes.add(sha256(identity(scenarios.get(i))));
        }
        // equal identities (a spec given twice) keep their plan order, so the deal is still stable
        order.sort(Comparator.comparing((Integer i) -> hashes.get(i)).thenComparing(i -> i));
        List<Integer> mine = new ArrayList<>();
        for (int k = index - 1; k < order.size(); k += count) {
            mine.add(order.get(k));
        }
        mine.sort(null);
        return mine;
    }

    /** A short fingerprint of the whole plan: shards of different plans are refused by {@code merge}. */
    static String fingerprint(List<Scenario> scenarios) {
        StringBuilder all = new StringBuilder();
        for (Scenario s : scenarios) {
            all.append(identity(s)).append('\n');
        }
        return sha256(all.toString()).substring(0, 16);
    }

    static String sha256(String text) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK has SHA-256", e);
        }
    }

    @Override
    public String toString() {
        return index + "/" + count;
    }
}
